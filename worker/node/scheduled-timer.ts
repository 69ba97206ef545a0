/**
 * The scheduler inside `npm start`: runs the scheduled jobs shortly after start, then every minute (spawn alerts
 * go out within a minute of their time, as the Workers' Cron Trigger sends them; decision 042). A run
 * starts only after the previous one ended, a failure is logged and the timer goes on, and stop() waits for
 * a run under way, so the database is closed after it.
 */
export const FIRST_RUN_DELAY_MS = 5_000;
export const RUN_INTERVAL_MS = 60_000;

export interface ScheduledTimer {
  /** No run starts after this; resolves once a run under way has ended. */
  stop(): Promise<void>;
}

export function startScheduledTimer(
  run: () => Promise<unknown>,
  { firstDelayMs = FIRST_RUN_DELAY_MS, intervalMs = RUN_INTERVAL_MS } = {},
): ScheduledTimer {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;

  const schedule = (delay: number) => {
    timer = setTimeout(tick, delay);
    // The server keeps the process alive; this timer must not keep it from exiting.
    timer.unref?.();
  };
  const tick = () => {
    running = run()
      .then(
        () => undefined,
        (err: unknown) => console.error(`scheduled jobs failed: ${(err as Error)?.message ?? err}`),
      )
      .finally(() => {
        running = undefined;
        if (!stopped) schedule(intervalMs);
      });
  };
  schedule(firstDelayMs);

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
