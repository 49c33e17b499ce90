/**
 * Background work on a timer: first after `firstAfterMs`, then every `intervalMs`, never two runs
 * at once (a run still going when the next is due is left to finish). The returned stop clears the
 * timers and waits for a run in progress, so shutdown never cuts one off. Timers are unref'd: they
 * never keep the process alive.
 */
export function runPeriodically(task: () => Promise<void>, firstAfterMs: number, intervalMs: number): () => Promise<void> {
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= task().finally(() => {
      running = undefined;
    });
  };
  const first = setTimeout(run, firstAfterMs);
  const timer = setInterval(run, intervalMs);
  first.unref();
  timer.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}
