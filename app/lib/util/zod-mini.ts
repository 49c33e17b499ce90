/**
 * zod/mini for the schemas a standalone page script also runs (the public forms, decision 0033):
 * the same checks as zod's full build, tree-shaken to what a schema uses, a few KB instead of the
 * whole library. Classic zod objects take these schemas as fields, so admin forms share them.
 * `jitless` for the same reason as app/lib/util/zod.ts: the CSP forbids eval.
 */
import * as z from "zod/mini";

z.config({ jitless: true });

export { z };
