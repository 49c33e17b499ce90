/**
 * A pure function of a string that remembers what it returned. For work a page repeats for the
 * same few hundred keys on every render (date-fns' format() takes about 50 µs here, an initials
 * avatar about 30 µs). Bounded: past `limit` keys it forgets everything, so no input can grow it
 * without limit.
 */
export function remembered<T>(compute: (key: string) => T, limit = 5_000): (key: string) => T {
  const kept = new Map<string, T>();
  return (key) => {
    let value = kept.get(key);
    if (value === undefined) {
      if (kept.size >= limit) kept.clear();
      value = compute(key);
      kept.set(key, value);
    }
    return value;
  };
}
