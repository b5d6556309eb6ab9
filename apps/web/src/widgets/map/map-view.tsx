import { mapRowSchema, type MapRow } from '@loupe/contracts';
import { useQuery } from '@tanstack/react-query';
import { Empty, Spin, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { EChart, registerMap } from '@/components/echart';
import { mapOption, mapRegions, mapSummary, type MapTexts } from './map-chart';
import {
  echartsMapName,
  isMapCode,
  loadMapGeometry,
  regionLabels,
  SPECIAL_AREAS,
  type MapCode,
} from './map-geometry';
import styles from '@/widgets/performance/performance-views.module.css';
import type { WidgetViewProps } from '@/widgets/shared/view-types';

/*
 * NpsMap (reports spec §9 "Maps: Turkey, India, USA"; docs/widgets-charts.md "Maps"): provinces or states
 * coloured by their NPS band, with NPS, responses, promoters, neutrals and detractors in the tooltip. The map is
 * dataFilters.Map; its geometry loads with the first map of its kind.
 */

/** The map's height: the widget is full width by default, and a country reads well at this size. */
const MAP_HEIGHT = 380;
/** Names of unmapped locations listed under the map before "…". */
const UNMAPPED_NAMES_SHOWN = 3;

const rowsSchema = z.array(mapRowSchema);

function parseRows(data: unknown): MapRow[] {
  const parsed = rowsSchema.safeParse(data);
  return parsed.success ? parsed.data : [];
}

function mapOf(widget: WidgetViewProps['widget'], request: WidgetViewProps['request']): MapCode | undefined {
  const fromRequest = request.DataFilters?.Map;
  if (isMapCode(fromRequest)) return fromRequest;
  const dataFilters = widget.config.dataFilters as { Map?: unknown } | undefined;
  return isMapCode(dataFilters?.Map) ? dataFilters.Map : undefined;
}

function useMapGeometry(map: MapCode | undefined) {
  return useQuery({
    queryKey: ['map-geometry', map],
    queryFn: async () => {
      if (!map) throw new Error('No map chosen');
      const geometry = await loadMapGeometry(map);
      registerMap(echartsMapName(map), geometry, SPECIAL_AREAS[map]);
      return geometry;
    },
    enabled: map !== undefined,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: 1,
  });
}

export function NpsMapView({ widget, data, request }: WidgetViewProps) {
  const { t, i18n } = useTranslation('widgetCharts');
  const map = mapOf(widget, request);
  const geometry = useMapGeometry(map);
  const locale = i18n.language;
  const rtl = i18n.dir(locale) === 'rtl';
  const rows = useMemo(() => parseRows(data), [data]);
  const labels = useMemo(
    () => (geometry.data ? regionLabels(geometry.data) : new Map<string, string>()),
    [geometry.data],
  );
  const { regions, unmapped } = useMemo(() => mapRegions(rows, labels), [rows, labels]);
  const texts = useMemo<MapTexts>(
    () => ({
      nps: t('tooltip.nps'),
      promoters: t('tooltip.promoters'),
      neutrals: t('tooltip.neutrals'),
      detractors: t('tooltip.detractors'),
      responses: t('tooltip.responses'),
      noAnswers: t('map.noAnswers'),
      bands: { low: t('map.band.low'), middle: t('map.band.middle'), high: t('map.band.high') },
    }),
    [t],
  );
  const option = useMemo(
    () =>
      map &&
      mapOption({
        mapName: echartsMapName(map),
        regions,
        labels,
        texts,
        locale,
        rtl,
        showTooltip: widget.config.showTooltip !== false,
      }),
    [map, regions, labels, texts, locale, rtl, widget.config.showTooltip],
  );

  if (!map) return <State text={t('map.unknown')} />;
  if (geometry.isPending) {
    return (
      <div className={styles.state}>
        <Spin description={t('map.loading')} />
      </div>
    );
  }
  if (geometry.isError || !option) return <State text={t('map.loadFailed')} />;

  const title = t('map.label', { map: t(`map.name.${map}`), count: regions.length });
  const names = unmapped.slice(0, UNMAPPED_NAMES_SHOWN).map((row) => row.Location);
  if (unmapped.length > UNMAPPED_NAMES_SHOWN) names.push('…');

  return (
    <div className={styles.chart}>
      <EChart option={option} height={MAP_HEIGHT} label={mapSummary(title, regions, locale)} />
      {unmapped.length > 0 && (
        <Typography.Paragraph type="secondary" className={styles.note}>
          {t('map.unmapped', { count: unmapped.length, names: names.join(', ') })}
        </Typography.Paragraph>
      )}
    </div>
  );
}

function State({ text }: { text: string }) {
  return (
    <div className={styles.state}>
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} />
    </div>
  );
}
