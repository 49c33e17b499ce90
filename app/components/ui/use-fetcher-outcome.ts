import { useEffect, useEffectEvent, useRef } from "react";

/**
 * Runs `handle` once per answer of a fetcher (not again when the page re-renders), after the
 * fetcher is idle, i.e. once the page's data has been revalidated.
 */
export function useFetcherOutcome<T>(fetcher: { state: string; data: T | undefined }, handle: (data: T) => void) {
  const handled = useRef<T | undefined>(undefined);
  const onAnswer = useEffectEvent(handle);
  useEffect(() => {
    if (fetcher.state !== "idle" || fetcher.data === undefined || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    onAnswer(fetcher.data);
  }, [fetcher.state, fetcher.data]);
}
