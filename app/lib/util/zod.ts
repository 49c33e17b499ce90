/**
 * zod for the schemas the browser also runs. Without `jitless`, zod probes `new Function("")` to
 * decide whether to compile fast parsers; the site's CSP forbids eval, so the probe would only
 * report a violation. The interpreted parsers are fast enough for forms.
 */
import { z } from "zod";

z.config({ jitless: true });

export { z };
