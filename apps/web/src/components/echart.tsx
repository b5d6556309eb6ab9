import { BarChart, GaugeChart, LineChart, MapChart, ScatterChart } from 'echarts/charts';
import {
  DataZoomComponent,
  GeoComponent,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TooltipComponent,
  VisualMapComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef, type CSSProperties } from 'react';

// ECharts through `echarts/core` (ARCHITECTURE §5): only the charts and components the widgets draw are bundled.
echarts.use([
  BarChart,
  GaugeChart,
  LineChart,
  MapChart,
  ScatterChart,
  DataZoomComponent,
  GeoComponent,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TooltipComponent,
  VisualMapComponent,
  CanvasRenderer,
]);

export type EChartsOption = echarts.EChartsCoreOption;
export type EChartsEvents = Record<string, (params: unknown) => void>;

type MapInput = Parameters<typeof echarts.registerMap>[1];
type SpecialAreas = Parameters<typeof echarts.registerMap>[2];

/**
 * Registers a map's geometry (GeoJSON) once under `name`. `specialAreas` draws some regions elsewhere (a
 * region name → `{ left, top, width }` in the map's coordinates), e.g. Alaska and Hawaii beside the USA.
 */
export function registerMap(name: string, geoJson: object, specialAreas?: SpecialAreas): void {
  if (!echarts.getMap(name)) echarts.registerMap(name, geoJson as MapInput, specialAreas);
}

/**
 * One ECharts chart: created on mount, given `option` on each change (not merged: the option is the whole
 * chart), resized with its box, disposed on unmount. `label` names the chart for screen readers, which cannot
 * read a canvas; pass a summary of what it shows. `onEvents` binds chart events (e.g. `click` on a bar).
 */
export function EChart({
  option,
  height,
  label,
  onEvents,
  style,
}: {
  option: EChartsOption;
  height: number | string;
  label: string;
  onEvents?: EChartsEvents;
  style?: CSSProperties;
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const instance = echarts.init(element, undefined, { renderer: 'canvas' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  useEffect(() => {
    const instance = chart.current;
    if (!instance || !onEvents) return;
    for (const [name, handler] of Object.entries(onEvents)) instance.on(name, handler);
    return () => {
      for (const [name, handler] of Object.entries(onEvents)) instance.off(name, handler);
    };
  }, [onEvents]);

  return <div ref={box} role="img" aria-label={label} style={{ width: '100%', height, ...style }} />;
}
