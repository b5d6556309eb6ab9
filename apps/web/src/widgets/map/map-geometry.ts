/*
 * The NpsMap's geometry (reports spec §9 "Maps: Turkey, India, USA"; docs/widgets-charts.md "Maps"): GeoJSON
 * vendored in ./maps (sources and licences in ./maps/LICENSES.md), one feature per province or state, named by
 * its ISO 3166-2 code (TR-34, IN-MH, US-CA) — the `MapCode` the map endpoint answers with — and carrying the
 * region's own name in `properties.label`. Each file loads with the first map that needs it (its own chunk),
 * so neither the sign-in bundle nor the report page carries it.
 */

export const MAP_CODES = ['TR', 'IN', 'US'] as const;
export type MapCode = (typeof MAP_CODES)[number];

export function isMapCode(value: unknown): value is MapCode {
  return MAP_CODES.some((code) => code === value);
}

/** The registered ECharts map name of a map. */
export function echartsMapName(map: MapCode): string {
  return `loupe-${map}`;
}

type MapFeature = {
  type: 'Feature';
  id: string;
  properties: { name: string; label: string };
  geometry: { type: 'Polygon' | 'MultiPolygon'; coordinates: unknown };
};
export type MapGeometry = { type: 'FeatureCollection'; features: MapFeature[] };

// Globbed rather than imported by name: TypeScript then does not type the large JSON files.
const files = import.meta.glob<MapGeometry>('./maps/*.geo.json', { import: 'default' });

/** Loads a map's geometry (cached by the module system after the first load). */
export async function loadMapGeometry(map: MapCode): Promise<MapGeometry> {
  const load = files[`./maps/${map.toLowerCase()}.geo.json`];
  if (!load) throw new Error(`No geometry for map ${map}`);
  return load();
}

/** Region code → the region's name, from a map's geometry. */
export function regionLabels(geometry: MapGeometry): ReadonlyMap<string, string> {
  return new Map(geometry.features.map((feature) => [feature.properties.name, feature.properties.label]));
}

/**
 * Alaska and Hawaii drawn beside the mainland, as ECharts' USA example does (ECharts `specialAreas`: where in
 * longitude/latitude to place the region and how wide).
 */
export const SPECIAL_AREAS: Partial<
  Record<MapCode, Record<string, { left: number; top: number; width: number }>>
> = {
  US: {
    'US-AK': { left: -131, top: 25, width: 15 },
    'US-HI': { left: -110, top: 28, width: 5 },
  },
};
