/**
 * The app's zod: the same zod/mini as app/lib/util/zod-mini.ts, with zod's English messages for
 * the checks that give none of their own (a hidden id out of range, a text over a limit without a
 * message). zod's full build registered them as it loaded; zod/mini leaves them out to stay small,
 * so the admin screens and the server load them here and say what they said before. The public
 * forms' page script imports zod-mini.ts alone and does without them (decision 0033).
 */
import { z } from "~/lib/util/zod-mini";

z.config(z.locales.en());

export { z };
