import { z } from 'zod';
import type { Scope } from '../scopes.js';

/*
 * The home overview (issue 20 item 1, docs/overview.md): `GET /api/overview?days=7` answers counters of the
 * caller's tenant over the last `days` whole days in the tenant's time zone (today included), each with the same
 * figure for the period of equal length just before and the change in percent. Scope `overview`; each counter
 * only for a caller who also holds a scope that opens its screen, so nobody learns a figure they cannot open.
 */

const OVERVIEW_MAX_DAYS = 366;

export const overviewQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(OVERVIEW_MAX_DAYS).default(7),
});

export const OVERVIEW_COUNTER_KEYS = ['imports', 'answers', 'activeSurveys', 'openAlerts'] as const;
export type OverviewCounterKey = (typeof OVERVIEW_COUNTER_KEYS)[number];

/** The scopes that open each counter's screen (the web's menu registry): any one shows the counter. */
export const OVERVIEW_COUNTER_SCOPES = {
  imports: ['invitation:manage'],
  // The responses analyzer (its scopes), else the dashboard (report scopes), else the survey statistics.
  answers: [
    'feedbackAnalysis',
    'response:readall',
    'response:readlimited',
    'report:read',
    'report:manage',
    'survey:read',
    'survey:manage',
  ],
  activeSurveys: ['survey:read', 'survey:manage'],
  openAlerts: ['alert:read', 'alert:readall', 'alert:manage'],
} as const satisfies Record<OverviewCounterKey, readonly Scope[]>;

const overviewCounterSchema = z.object({
  Key: z.enum(OVERVIEW_COUNTER_KEYS),
  Value: z.number().int(),
  /** The figure for the previous period; absent when it cannot be known (active surveys: no history is kept). */
  Previous: z.number().int().optional(),
  /** (Value - Previous) / Previous in percent, one decimal; null when Previous is 0 or absent. */
  Change: z.number().nullable(),
  /** The screen the counter opens, without the leading slash. */
  Path: z.string(),
});

export const overviewSchema = z.object({
  Days: z.number().int(),
  Counters: z.array(overviewCounterSchema),
});
export type Overview = z.infer<typeof overviewSchema>;
export type OverviewCounter = z.infer<typeof overviewCounterSchema>;
