import { and, eq, or } from 'drizzle-orm';
import type { MapRow } from '@loupe/contracts';
import type { CompiledFilter } from '../../../analytics/filter-compiler.js';
import type { AnalyticsReplica } from '../../../analytics/replica.js';
import type { Db } from '../../../db/client.js';
import { locations } from '../../../db/schema/index.js';
import { both, type WidgetQuery } from '../shared/widget-query.js';
import { byValueDescending, factsWhere, scoreHistogramGroups, measureOf } from '../shared/score-histogram.js';
import { anyOf } from '../../../db/any-of.js';

/*
 * NpsMap (`map`) — docs/widgets-performance.md "Map". Locations are country (1) > region or state (2) > city or
 * province (3). The regions a map draws: Turkey's provinces (level 3, map codes TR-34 …), India's and the USA's
 * states (level 2, IN-MH, US-CA …). Facts are grouped by the channel's location, or the invitee's with
 * UseInviteeLocation, at that level, keeping only locations under the map's country (level-1 locations whose
 * map code, or else code, is TR, IN or US).
 */

type MapName = 'TR' | 'IN' | 'US';

/** The location level whose regions each map draws. */
const MAP_LEVELS: Record<MapName, 2 | 3> = { TR: 3, IN: 2, US: 2 };

/**
 * What a map groups: the widget's facts within the filter whose location (the channel's, or the invitee's with
 * UseInviteeLocation) lies under the map's country and has a region at the map's level, and the column of that
 * region; null when the tenant has no such country. The regions and the lineage of one region
 * (`mapRegionFacts`) both read it, so a region's facts are its Responses.
 */
async function mapGrouping(
  db: Db,
  query: WidgetQuery,
): Promise<{ column: string; where: CompiledFilter } | null> {
  const filters = query.dataFilters;
  const map: MapName = filters.Map ?? 'TR';
  const countries = await db
    .select({ id: locations.id })
    .from(locations)
    .where(
      and(
        eq(locations.tenantId, query.tenantId),
        eq(locations.level, 1),
        or(eq(locations.mapCode, map), eq(locations.code, map)),
      ),
    );
  if (countries.length === 0) return null;

  const prefix = filters.UseInviteeLocation ? 'f.invitee_location' : 'f.channel_location';
  const column = `${prefix}_l${MAP_LEVELS[map]}`;
  const countryIds = countries.map((country) => country.id);
  const where = both(factsWhere(query, 'f'), {
    where: `${prefix}_l1 = ANY(?) AND ${column} IS NOT NULL`,
    params: [countryIds],
  });
  return { column, where };
}

/**
 * Lineage of one region (docs/responses-analyzer.md "Lineage"): the facts the map counts in the region whose row's
 * LocationId is `locationId` — the map's own facts AND its region column equal to that id — so their count is the
 * region's Responses (none for an id of no row, or when the tenant has no country of the map).
 */
export async function mapRegionFacts(
  db: Db,
  query: WidgetQuery,
  locationId: number,
): Promise<CompiledFilter> {
  const grouping = await mapGrouping(db, query);
  if (!grouping) return { where: 'FALSE', params: [] };
  return both(grouping.where, { where: `${grouping.column} = ?`, params: [locationId] });
}

/** Map rows, one per region of the map with answers; larger Value first. */
export async function mapRows(db: Db, replica: AnalyticsReplica, query: WidgetQuery): Promise<MapRow[]> {
  const filters = query.dataFilters;
  const grouping = await mapGrouping(db, query);
  if (!grouping) return [];
  const { column, where } = grouping;
  const figures = await scoreHistogramGroups<'id', number>(replica, { id: column }, where);
  if (figures.length === 0) return [];
  const places = await db
    .select({ id: locations.id, name: locations.name, mapCode: locations.mapCode })
    .from(locations)
    .where(
      and(
        eq(locations.tenantId, query.tenantId),
        anyOf(
          locations.id,
          figures.map((row) => Number(row.id)),
        ),
      ),
    );
  const byId = new Map(places.map((place) => [place.id, place]));
  return figures
    .map((row) => {
      const measure = measureOf(row, filters);
      const place = byId.get(Number(row.id));
      return {
        LocationId: Number(row.id),
        Location: place?.name ?? `#${Number(row.id)}`,
        MapCode: place?.mapCode ?? null,
        Value: measure.value,
        Responses: measure.responses,
        Promoters: measure.promoters,
        Neutrals: measure.neutrals,
        Detractors: measure.detractors,
        Color: measure.color,
      };
    })
    .sort((a, b) => byValueDescending({ ...a, Category: a.Location }, { ...b, Category: b.Location }));
}
