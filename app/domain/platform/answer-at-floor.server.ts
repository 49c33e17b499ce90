/**
 * The same time for every answer whose work differs by what it found (an address on file or not):
 * the answer goes out `floorMs` after `started`, never earlier and never waiting for the work. A
 * failure before the floor is thrown (the request answers it); one after the answer is handed to
 * `onLateFailure` (logged), since the answer already went. The password reset and the "my data"
 * link share it.
 */
import { setTimeout as sleep } from "node:timers/promises";

export async function answerAtFloor(
  work: Promise<unknown>,
  { started, floorMs, onLateFailure }: { started: number; floorMs: number; onLateFailure: (error: unknown) => void },
): Promise<void> {
  const failure = work.then(
    () => null,
    (error: unknown) => ({ error }),
  );
  const early = await Promise.race([failure, sleep(Math.max(0, floorMs - (performance.now() - started)), "floor" as const)]);
  if (early === "floor") {
    void failure.then((f) => f && onLateFailure(f.error));
    return;
  }
  if (early) throw early.error;
  const wait = floorMs - (performance.now() - started);
  if (wait > 0) await sleep(wait);
}
