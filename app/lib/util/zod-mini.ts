/**
 * zod/mini, the site's one zod: the same checks as zod's full build, tree-shaken to what a schema
 * uses, a few KB instead of the whole library. The public forms' page script (decision 0033)
 * imports this module alone; everything else imports app/lib/util/zod.ts, the same `z` with
 * English messages. Without `jitless`, zod probes `new Function("")` to decide whether to compile
 * fast parsers; the site's CSP forbids eval, so the probe would only report a violation. The
 * interpreted parsers are fast enough for forms.
 */
import * as z from "zod/mini";

z.config({ jitless: true });

export { z };
