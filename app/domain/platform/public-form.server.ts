/** What every public form's action does first: count the POST per client address, and spot bots. */
import type { Database } from "~/db/client";
import { HONEYPOT_FIELD } from "~/lib/platform/form-submit";
import { hit, type RateLimitState } from "~/domain/platform/rate-limit.server";

/**
 * Generous enough for a sign-up morning at the lake behind one shared connection, tight enough
 * that a script cannot fill the database.
 */
export const PUBLIC_FORM_LIMIT = { limit: 30, windowSeconds: 15 * 60 } as const;

export function countPublicPost(db: Database, form: string, clientAddress: string): Promise<RateLimitState> {
  return hit(db, { key: `${form}:ip:${clientAddress}`, ...PUBLIC_FORM_LIMIT });
}

export function isBot(formData: FormData): boolean {
  const value = formData.get(HONEYPOT_FIELD);
  return typeof value === "string" && value.trim() !== "";
}
