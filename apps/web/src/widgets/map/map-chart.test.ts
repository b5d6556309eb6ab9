import { BAND_COLORS, type MapRow } from '@loupe/contracts';
import { describe, expect, it } from 'vitest';
import { mapOption, mapRegions, mapSummary, mapTooltip, NO_ANSWER_COLOR, type MapTexts } from './map-chart';
import { loadMapGeometry, MAP_CODES, regionLabels } from './map-geometry';

const texts: MapTexts = {
  nps: 'NPS',
  promoters: 'Promoters',
  neutrals: 'Neutrals',
  detractors: 'Detractors',
  responses: 'Responses',
  noAnswers: 'No answers',
  bands: { low: 'Below 0', middle: '0 to 40', high: 'Above 40' },
};

function mapRow(location: string, code: string | null, counts: [number, number, number]): MapRow {
  const [promoters, neutrals, detractors] = counts;
  const responses = promoters + neutrals + detractors;
  return {
    LocationId: location.length,
    Location: location,
    MapCode: code,
    Value: (100 * (promoters - detractors)) / responses,
    Responses: responses,
    Promoters: promoters,
    Neutrals: neutrals,
    Detractors: detractors,
    Color: '',
  };
}

const labels = new Map([
  ['US-NY', 'New York'],
  ['US-CA', 'California'],
]);

describe('map regions', () => {
  it('adds up locations sharing a region and works the NPS out again', () => {
    // New York City 6/2/2 (NPS 40) and Buffalo 1/1/3 (NPS -40): 7/3/5 of 15 → 100 × 2 / 15 = 13.33…
    const { regions, unmapped } = mapRegions(
      [
        mapRow('New York City', 'US-NY', [6, 2, 2]),
        mapRow('Buffalo', 'US-NY', [1, 1, 3]),
        mapRow('Los Angeles', 'US-CA', [3, 0, 1]),
      ],
      labels,
    );
    expect(unmapped).toEqual([]);
    expect(regions).toEqual([
      {
        code: 'US-NY',
        name: 'New York',
        value: 40 / 3,
        responses: 15,
        promoters: 7,
        neutrals: 3,
        detractors: 5,
      },
      {
        code: 'US-CA',
        name: 'Los Angeles',
        value: 50,
        responses: 4,
        promoters: 3,
        neutrals: 0,
        detractors: 1,
      },
    ]);
  });

  it('keeps rows without a place on the map apart', () => {
    const nowhere = mapRow('Head office', null, [1, 0, 0]);
    const elsewhere = mapRow('Toronto', 'CA-ON', [1, 0, 0]);
    const { regions, unmapped } = mapRegions([nowhere, elsewhere], labels);
    expect(regions).toEqual([]);
    expect(unmapped).toEqual([nowhere, elsewhere]);
  });
});

describe('map option', () => {
  const { regions } = mapRegions([mapRow('New York', 'US-NY', [6, 2, 2])], labels);

  it('colours regions by the NPS bands through a piecewise legend; others grey', () => {
    const option = mapOption({ mapName: 'loupe-US', regions, labels, texts, locale: 'en' }) as {
      visualMap: {
        pieces: { gt?: number; gte?: number; lte?: number; lt?: number; color: string; label: string }[];
      };
      series: { map: string; data: { name: string; value: number }[]; itemStyle: { areaColor: string } }[];
    };
    expect(option.visualMap.pieces).toEqual([
      { gt: 40, label: 'Above 40', color: BAND_COLORS.green },
      { gte: 0, lte: 40, label: '0 to 40', color: BAND_COLORS.yellow },
      { lt: 0, label: 'Below 0', color: BAND_COLORS.red },
    ]);
    expect(option.series[0]!.map).toBe('loupe-US');
    expect(option.series[0]!.data).toEqual([{ name: 'US-NY', value: 40 }]);
    expect(option.series[0]!.itemStyle.areaColor).toBe(NO_ANSWER_COLOR);
  });

  it('tooltips give NPS n1, responses and the counts; a region without answers says so', () => {
    const option = mapOption({ mapName: 'loupe-US', regions, labels, texts, locale: 'en' }) as {
      tooltip: { formatter: (params: { name: string }) => string };
    };
    expect(option.tooltip.formatter({ name: 'US-NY' })).toBe(
      '<strong>New York</strong><br/>NPS: 40.0<br/>Responses: 10<br/>Promoters: 6<br/>Neutrals: 2<br/>Detractors: 2',
    );
    expect(option.tooltip.formatter({ name: 'US-CA' })).toBe('<strong>California</strong><br/>No answers');
    expect(mapTooltip(regions[0]!, texts, 'tr')).toContain('NPS: 40,0');
  });

  it('summarises the regions for screen readers', () => {
    expect(mapSummary('NPS map of United States', regions, 'en')).toBe(
      'NPS map of United States. New York 40.0',
    );
  });
});

describe('map geometry', () => {
  it('Turkey has its 81 provinces, TR-01 to TR-81', async () => {
    const codes = [...regionLabels(await loadMapGeometry('TR')).keys()].sort();
    expect(codes).toEqual(
      Array.from({ length: 81 }, (_, index) => `TR-${String(index + 1).padStart(2, '0')}`),
    );
    expect(regionLabels(await loadMapGeometry('TR')).get('TR-34')).toBe('İstanbul');
  });

  it('India and the USA have the states the demo answers from, named by ISO 3166-2 code', async () => {
    const india = regionLabels(await loadMapGeometry('IN'));
    for (const code of ['IN-MH', 'IN-KA', 'IN-DL', 'IN-TN', 'IN-GJ', 'IN-WB', 'IN-UP', 'IN-RJ']) {
      expect(india.has(code), code).toBe(true);
    }
    const usa = regionLabels(await loadMapGeometry('US'));
    expect(usa.size).toBe(51);
    for (const code of ['US-NY', 'US-CA', 'US-IL', 'US-TX', 'US-NJ', 'US-FL', 'US-MA', 'US-AK', 'US-HI']) {
      expect(usa.has(code), code).toBe(true);
    }
  });

  it('every map has polygons for every feature', async () => {
    for (const map of MAP_CODES) {
      const geometry = await loadMapGeometry(map);
      for (const feature of geometry.features) {
        expect(['Polygon', 'MultiPolygon'], feature.id).toContain(feature.geometry.type);
        expect(feature.properties.name).toBe(feature.id);
      }
    }
  });
});
