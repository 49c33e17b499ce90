/**
 * The private links' tokens (registration change confirmations, race-entry links, race e-mail
 * preferences): 256 random bits, of which the database keeps only the SHA-256 hash, so a copy of
 * the database opens no link.
 */
import { createHash, randomBytes } from "node:crypto";

/** A new link token, safe in a URL path. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
