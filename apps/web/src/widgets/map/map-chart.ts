import { BAND_COLORS, npsOf, type MapRow } from '@loupe/contracts';
import { escapeHtml, numberFormats } from '@/widgets/shared/widget-format';

/*
 * The NpsMap as data (reports spec §3 "map rows", §9 colours; docs/widgets-charts.md "Maps"): each region
 * coloured by its NPS band — below 0 red, 0 to 40 yellow, above 40 green (`npsBandColor`) — through a piecewise
 * visual map that is also the legend; regions without answers grey. Pure and unit-tested.
 */

/** One region of the map with its answers. */
export type MapRegion = {
  code: string;
  name: string;
  value: number | null;
  responses: number;
  promoters: number;
  neutrals: number;
  detractors: number;
};

/** Grey for regions without answers. */
export const NO_ANSWER_COLOR = '#e9ecef';

/**
 * The rows as map regions: rows of one region (several locations sharing a MapCode) add up, and the region's
 * NPS is worked out again from the summed counts. Rows without a MapCode or with one the geometry lacks are
 * `unmapped` (listed under the map, not lost).
 */
export function mapRegions(
  rows: readonly MapRow[],
  labels: ReadonlyMap<string, string>,
): { regions: MapRegion[]; unmapped: MapRow[] } {
  const byCode = new Map<string, MapRow[]>();
  const unmapped: MapRow[] = [];
  for (const row of rows) {
    if (row.MapCode === null || !labels.has(row.MapCode)) unmapped.push(row);
    else byCode.set(row.MapCode, [...(byCode.get(row.MapCode) ?? []), row]);
  }
  const regions = [...byCode].map(([code, group]): MapRegion => {
    if (group.length === 1) {
      const [row] = group as [MapRow];
      return {
        code,
        name: row.Location,
        value: row.Value,
        responses: row.Responses,
        promoters: row.Promoters,
        neutrals: row.Neutrals,
        detractors: row.Detractors,
      };
    }
    const sum = (pick: (row: MapRow) => number) => group.reduce((total, row) => total + pick(row), 0);
    const promoters = sum((row) => row.Promoters);
    const detractors = sum((row) => row.Detractors);
    const responses = sum((row) => row.Responses);
    return {
      code,
      name: labels.get(code) ?? code,
      value: npsOf(promoters, detractors, responses),
      responses,
      promoters,
      neutrals: sum((row) => row.Neutrals),
      detractors,
    };
  });
  return { regions, unmapped };
}

export type MapTexts = {
  nps: string;
  promoters: string;
  neutrals: string;
  detractors: string;
  responses: string;
  noAnswers: string;
  bands: { low: string; middle: string; high: string };
};

export function mapTooltip(region: MapRegion, texts: MapTexts, locale: string): string {
  const { score, count } = numberFormats(locale);
  const lines: [string, string][] = [
    [texts.nps, score(region.value)],
    [texts.responses, count(region.responses)],
    [texts.promoters, count(region.promoters)],
    [texts.neutrals, count(region.neutrals)],
    [texts.detractors, count(region.detractors)],
  ];
  return [
    `<strong>${escapeHtml(region.name)}</strong>`,
    ...lines.map(([label, value]) => `${escapeHtml(label)}: ${escapeHtml(value)}`),
  ].join('<br/>');
}

/**
 * The ECharts option: a map series over the registered geometry `mapName`, regions named by their code, and a
 * piecewise visual map whose three pieces are the NPS bands (boundaries as `npsBandColor`: 0 is yellow, 40 is
 * yellow, above 40 green).
 */
export function mapOption({
  mapName,
  regions,
  labels,
  texts,
  locale,
  rtl = false,
  showTooltip = true,
}: {
  mapName: string;
  regions: readonly MapRegion[];
  labels: ReadonlyMap<string, string>;
  texts: MapTexts;
  locale: string;
  rtl?: boolean;
  showTooltip?: boolean;
}): Record<string, unknown> {
  const byCode = new Map(regions.map((region) => [region.code, region]));
  return {
    animation: false,
    tooltip: showTooltip
      ? {
          trigger: 'item',
          confine: true,
          formatter: (params: { name: string }) => {
            const region = byCode.get(params.name);
            if (region) return mapTooltip(region, texts, locale);
            const name = labels.get(params.name) ?? params.name;
            return `<strong>${escapeHtml(name)}</strong><br/>${escapeHtml(texts.noAnswers)}`;
          },
        }
      : { show: false },
    visualMap: {
      type: 'piecewise',
      dimension: 0,
      orient: 'horizontal',
      [rtl ? 'right' : 'left']: 8,
      bottom: 0,
      itemSymbol: 'rect',
      // Clicking a legend piece would hide its regions; the legend only explains the colours.
      selectedMode: false,
      pieces: [
        { gt: 40, label: texts.bands.high, color: BAND_COLORS.green },
        { gte: 0, lte: 40, label: texts.bands.middle, color: BAND_COLORS.yellow },
        { lt: 0, label: texts.bands.low, color: BAND_COLORS.red },
      ],
      outOfRange: { color: NO_ANSWER_COLOR },
    },
    series: [
      {
        type: 'map',
        map: mapName,
        roam: false,
        // The map keeps its aspect ratio inside this box, above the legend.
        preserveAspect: 'contain',
        top: 8,
        bottom: 32,
        left: 8,
        right: 8,
        itemStyle: { areaColor: NO_ANSWER_COLOR, borderColor: '#ffffff', borderWidth: 0.6 },
        // A hovered region keeps its band colour (ECharts: a null areaColor) and gets a dark border.
        emphasis: {
          label: { show: false },
          itemStyle: { areaColor: null, borderColor: '#262626', borderWidth: 1 },
        },
        selectedMode: false,
        label: { show: false },
        data: regions
          .filter((region) => region.value !== null)
          .map((region) => ({ name: region.code, value: region.value })),
      },
    ],
  };
}

/** What a screen reader hears: each region with answers and its NPS. */
export function mapSummary(title: string, regions: readonly MapRegion[], locale: string): string {
  const { score } = numberFormats(locale);
  const parts = regions.map((region) => `${region.name} ${score(region.value)}`);
  return parts.length > 0 ? `${title}. ${parts.join('; ')}` : title;
}
