/**
 * Results computed once per data change and shared by every request that needs them
 * (docs/decisions/0024-computed-once.md).
 *
 * A racer profile shows the racer's line in every season championship they raced in: on twenty
 * seasons that was twenty championship computations per profile, the same twenty for every
 * racer's profile. Here each is computed once and kept until the club's data changes. The server
 * clears it on every change any instance makes (LISTEN data_changed, the page cache's signal) and
 * switches it off while that listener is down, so a kept result is never older than the data.
 * Values are shared between requests: callers must not mutate them.
 */
export class ComputedOnce {
  private entries = new Map<string, Promise<unknown>>();

  constructor(
    /** False while changes cannot be seen (the change listener is down): compute every time. */
    private readonly enabled: () => boolean,
    private readonly maxEntries = 200,
  ) {}

  /** Forgets everything: a computation still running is not kept either. */
  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  /** The value kept under `key`, or `compute()`'s, kept for the next caller. */
  get<V>(key: string, compute: () => Promise<V>): Promise<V> {
    if (!this.enabled()) return compute();
    const kept = this.entries.get(key) as Promise<V> | undefined;
    if (kept) {
      // Least recently used goes first when the limit is reached.
      this.entries.delete(key);
      this.entries.set(key, kept);
      return kept;
    }
    // Requests arriving while it runs share the one computation.
    const pending = compute();
    this.entries.set(key, pending);
    for (const [oldest] of this.entries) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(oldest);
    }
    // A failure is not kept: the next request tries again.
    pending.catch(() => {
      if (this.entries.get(key) === pending) this.entries.delete(key);
    });
    return pending;
  }
}

/** `computed`'s kept value under `key`, or a fresh computation where nothing is kept (tests, scripts). */
export function keptOrComputed<V>(computed: ComputedOnce | null | undefined, key: string, compute: () => Promise<V>): Promise<V> {
  return computed ? computed.get(key, compute) : compute();
}
