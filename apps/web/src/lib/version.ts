/** The console's own version, from apps/web/package.json at build time (vite.config.ts `define`). */
export const CLIENT_VERSION: string = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : '0.0.0';

function parse(version: string): { core: number[]; prerelease: string | null } {
  const [withoutBuild = ''] = version.trim().replace(/^v/i, '').split('+');
  const dash = withoutBuild.indexOf('-');
  const core = (dash === -1 ? withoutBuild : withoutBuild.slice(0, dash))
    .split('.')
    .map((part) => Number.parseInt(part, 10))
    .map((part) => (Number.isFinite(part) ? part : 0));
  return { core, prerelease: dash === -1 ? null : withoutBuild.slice(dash + 1) };
}

/** Semantic-version order: negative when `a` is older than `b`, 0 when equal, positive when newer. */
export function compareVersions(a: string, b: string): number {
  const left = parse(a);
  const right = parse(b);
  const length = Math.max(left.core.length, right.core.length, 3);
  for (let index = 0; index < length; index += 1) {
    const difference = (left.core[index] ?? 0) - (right.core[index] ?? 0);
    if (difference !== 0) return Math.sign(difference);
  }
  // 1.9.5-rc.1 comes before 1.9.5.
  if (left.prerelease === right.prerelease) return 0;
  if (left.prerelease === null) return 1;
  if (right.prerelease === null) return -1;
  return left.prerelease.localeCompare(right.prerelease, 'en', { numeric: true }) < 0 ? -1 : 1;
}

/** True when the server runs a newer version than the page loaded, so the page should be reloaded. */
export function isServerNewer(serverVersion: string, clientVersion: string = CLIENT_VERSION): boolean {
  return compareVersions(serverVersion, clientVersion) > 0;
}
