/** Requests per minute one address, and one account, may send to a group of routes. */
type RateLimit = { perAddress: number; perAccount: number };

/** The rate-limited route groups (docs/api.md, "Rate limits"). */
export const RATE_LIMIT_GROUPS = ['token', 'account', 'captcha', 'restData', 'publicSurvey'] as const;
export type RateLimitGroup = (typeof RATE_LIMIT_GROUPS)[number];
export type RateLimitSettings = Record<RateLimitGroup, RateLimit>;

export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  // Sign-ins and refreshes; an office behind one address refreshes each user's token every 15 minutes.
  token: { perAddress: 60, perAccount: 10 },
  account: { perAddress: 30, perAccount: 10 },
  captcha: { perAddress: 20, perAccount: 20 },
  // Batches of up to 10,000 sessions each.
  restData: { perAddress: 600, perAccount: 300 },
  // The respondent page (token-free): a page load, its images and a save per page; a kiosk answers many in a row.
  publicSurvey: { perAddress: 300, perAccount: 300 },
};

/**
 * RATE_LIMITS: `on` (the defaults), `off`, or comma-separated `group=perAddress/perAccount` overrides of the
 * defaults, e.g. `token=120/20,restData=1200/600`.
 */
export function parseRateLimits(value: string): RateLimitSettings | null {
  const text = value.trim();
  if (text === 'off') return null;
  const limits: RateLimitSettings = { ...DEFAULT_RATE_LIMITS };
  if (text === 'on' || text === '') return limits;
  for (const part of text.split(',')) {
    const match = /^\s*(\w+)\s*=\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(part);
    const group = match?.[1] as RateLimitGroup | undefined;
    if (!match || !group || !RATE_LIMIT_GROUPS.includes(group)) {
      throw new Error(
        `RATE_LIMITS: "${part}" is not group=perAddress/perAccount (groups: ${RATE_LIMIT_GROUPS.join(', ')})`,
      );
    }
    limits[group] = { perAddress: Number(match[2]), perAccount: Number(match[3]) };
  }
  return limits;
}
