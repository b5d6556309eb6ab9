import { BarChart, CustomChart, GaugeChart, LineChart, MapChart, ScatterChart } from 'echarts/charts';
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
import { CanvasRenderer, SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef, type CSSProperties } from 'react';
import { isPrintMode } from '@/lib/print-mode';
import { usePrefersReducedMotion } from '@/lib/reduced-motion';

// ECharts through `echarts/core` (ARCHITECTURE §5): only the charts and components the widgets draw are bundled.
echarts.use([
  BarChart,
  // The performance charts' 95 % interval whiskers (docs/metrics.md "Confidence intervals and small samples").
  CustomChart,
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
  // Print mode (the server's PDF of an email report): figures stay text (lib/print-mode.ts).
  SVGRenderer,
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
 * Charts do not animate in print mode (the PDF is drawn at once) nor for a user who asked the system for less
 * motion (WCAG 2.3.3, as antd's motion): bars and gauges appear drawn instead of growing for a second.
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
  const still = usePrefersReducedMotion() || isPrintMode();

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const instance = echarts.init(element, undefined, { renderer: isPrintMode() ? 'svg' : 'canvas' });
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
    chart.current?.setOption(still ? { ...option, animation: false } : option, { notMerge: true });
  }, [option, still]);

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
