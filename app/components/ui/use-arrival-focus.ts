import { useEffect, useRef } from "react";

/**
 * For a heading (tabIndex -1) of something that appears in place, away from where the person was
 * looking (issue 32 items 6 and 7): when it appears, and again when `key` changes, it is focused
 * and scrolled to the top of the screen (its `scroll-mt-*` keeps it below the sticky header).
 * React focuses only form controls itself (autoFocus); without script, the heading's autofocus
 * attribute does the same on page load.
 */
export function useArrivalFocus<T extends HTMLElement>(key?: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus({ preventScroll: true });
    ref.current?.scrollIntoView({ block: "start" });
  }, [key]);
  return ref;
}
