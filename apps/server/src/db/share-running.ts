/**
 * Concurrent identical reads share one: a call with the key of a read still running gets that read's promise.
 * Nothing is kept once the read settles, so a change is seen by every call that starts after the reads running
 * at the change are done (one round trip), the same as without sharing. Keys must name everything the read
 * depends on (tenant, user, arguments); callers must not change the shared result.
 */
export function createSharedReads() {
  const running = new Map<string, Promise<unknown>>();
  return function shareRunning<T>(key: string, read: () => Promise<T>): Promise<T> {
    const found = running.get(key);
    if (found) return found as Promise<T>;
    const promise = read().finally(() => running.delete(key));
    running.set(key, promise);
    return promise;
  };
}
