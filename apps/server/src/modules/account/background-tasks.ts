import type { FastifyBaseLogger } from 'fastify';

/**
 * Work finished after the answer went out, so that the answer takes the same time whether or not there was any
 * (no user enumeration through timing). `settled()` waits for what is still running, for a clean shutdown.
 */
export function createBackgroundTasks(logger: FastifyBaseLogger) {
  const running = new Set<Promise<void>>();
  return {
    run(name: string, task: () => Promise<void>): void {
      const promise = task()
        .catch((error: unknown) => logger.error({ err: error, task: name }, 'background task failed'))
        .finally(() => running.delete(promise));
      running.add(promise);
    },
    async settled(): Promise<void> {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}

export type BackgroundTasks = ReturnType<typeof createBackgroundTasks>;
