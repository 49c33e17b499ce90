/**
 * An action's answer to a form: what happened as a toast, `ok` for the page's own reaction, and
 * the HTTP status that says the same to everything else (200 done; 400 invalid, 404 gone, 409
 * conflict, 500 failed). One shape for every admin and public form, built here.
 */
import { data } from "react-router";
import type { Logger } from "~/server/logger";
import type { Toast } from "~/lib/util/toast";

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export function succeeded<Extra extends object = {}>(toast: Toast, extra?: Extra) {
  return data({ ...(extra as Extra), ok: true as const, toast });
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export function refused<Extra extends object = {}>(toast: Toast, status: number, extra?: Extra) {
  return data({ ...(extra as Extra), ok: false as const, toast }, { status });
}

/**
 * Runs a write; if it throws, logs the error (with what was attempted) and returns null, so the
 * action answers with its own "An error occurred while ..." toast instead of an error page.
 */
export async function attempt<T>(log: Logger, what: string, write: () => Promise<T>): Promise<T | null> {
  try {
    return await write();
  } catch (error) {
    log.error({ err: error }, `${what} failed`);
    return null;
  }
}
