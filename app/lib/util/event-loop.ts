/**
 * Long computations in a request (an import's preview of 5,000 rows) would hold the one event
 * loop, and every other request with it (/healthz included). Awaiting the function this returns
 * on each step gives the loop a turn once `sliceMs` have passed since the last turn, and costs
 * nothing otherwise.
 */
/** A turn for the event loop when it is due (see eventLoopBreaks). */
export type Pause = () => Promise<void> | undefined;

export function eventLoopBreaks(sliceMs = 10): Pause {
  let last = performance.now();
  return () => {
    if (performance.now() - last < sliceMs) return undefined;
    return new Promise<void>((resolve) =>
      setTimeout(() => {
        last = performance.now();
        resolve();
      }, 0),
    );
  };
}
