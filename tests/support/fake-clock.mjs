/**
 * A clock for server processes under test, loaded with `node --import` (see
 * tests/integration/page-cache-midnight.test.ts). FAKE_CLOCK_FILE holds "ISO-instant real-ms":
 * the process's clock reads that instant at that real moment and runs on from there, so a test
 * moves a running server to just before and just after the club's midnight without waiting.
 * Every `new Date()` and `Date.now()` of the process (the page cache's key, the loaders' "today")
 * reads it; the file is read at each call, so a rewrite takes effect at once.
 */
import { readFileSync } from "node:fs";

const file = process.env.FAKE_CLOCK_FILE;
if (file) {
  const RealDate = Date;
  const now = () => {
    const [instant, setAt] = readFileSync(file, "utf8").trim().split(" ");
    return RealDate.parse(instant) + (RealDate.now() - Number(setAt));
  };
  // A proxy, not a subclass: Date.prototype stays the real one, which libraries that copy its
  // methods at load time (@date-fns/tz) rely on.
  globalThis.Date = new Proxy(RealDate, {
    construct: (target, args, newTarget) => Reflect.construct(target, args.length ? args : [now()], newTarget),
    apply: () => new RealDate(now()).toString(),
    get: (target, property, receiver) => (property === "now" ? now : Reflect.get(target, property, receiver)),
  });
}
