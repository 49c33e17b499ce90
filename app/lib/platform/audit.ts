/**
 * The audit log's pure rules: what an entry's `changes` hold (before and after of the changed
 * fields only, never a secret), the kinds of entry, and the screen's filters (read from a GET
 * query, every bad value dropped rather than refused).
 */
import { z } from "~/lib/util/zod";

export const AUDIT_KINDS = [
  "competitor.create",
  "competitor.update",
  "competitor.delete",
  // One racer, one record (issue 25 item 2): ids and names only.
  "competitor.merge",
  // Erased at the racer's request (issue 35 item 3, decision 0053): counts only; and the ledger
  // re-applied after a restore.
  "competitor.erase",
  "erasure.reapply",
  "race.create",
  "race.update",
  "race.delete",
  "results.save",
  // Results import (issue 25 item 1): every heat it replaced, before and after.
  "results.import",
  "heats.draw",
  "heats.move",
  "heats.lock",
  // Check-in at the lake (issue 36 item 1): by an admin's tap or the racer's entry link, and undone.
  "checkin.in",
  "checkin.undo",
  "results.official",
  "season.create",
  "season.update",
  "admin.invite",
  "admin.invite-revoke",
  "admin.invite-accept",
  // An invitation ended with its sender's removal or demotion (issue 31 item 7).
  "admin.invite-end",
  "admin.role",
  "admin.remove",
  "admin.sessions-end",
  "settings.update",
  // News notices (issue 24 item 3).
  "news.create",
  "news.update",
  "news.delete",
  // Uploaded images (issue 24 item 2): the club's logo and banner, a race's picture.
  "image.upload",
  "image.remove",
  "signin.success",
  "signin.wrong-password",
  "signin.unknown-user",
  "signin.locked",
  "signout",
  "session.end",
  "account.email",
  "account.password-change",
  // Proving it is them again before a factor changes (issue 31 item 2), with the method.
  "account.reauth",
  "account.reauth-wrong",
  "password.reset-request",
  "password.reset",
  // Two-factor sign-in (issue 23 item 4).
  "signin.wrong-code",
  "signin.recovery-code",
  "signin.wrong-passkey",
  "two-factor.enable",
  "two-factor.disable",
  "two-factor.recovery-codes",
  "two-factor.reset",
  "passkey.add",
  "passkey.remove",
  "restore",
  "import",
  // The admin overview's "Send a test e-mail" (issue 24 item 4).
  "mail.test",
  // A racer's own data (issue 35): a "my data" link asked for, a request made through it.
  "privacy.link-request",
  "privacy.request",
  // The owner's requests screen (issue 35 item 4): a request extended or answered, a racer's data
  // downloaded for them; retention by inactivity (item 5): the notice, kept, details removed.
  "privacy.request-update",
  "privacy.export",
  "privacy.inactivity-notice",
  "privacy.keep",
  "privacy.inactivity-removal",
  // Requests for a results check (issue 36 item 3): filed by a racer, decided by an admin; the window's setting.
  "results-check.file",
  "results-check.decide",
  // The duty roster (issue 36 item 2): a race's duties edited, a place taken or left, a swap asked and answered.
  "duty.roster",
  "duty.take",
  "duty.leave",
  "duty.swap-ask",
  "duty.swap-answer",
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

/** One changed field: what it held before and after (null: it did not exist). */
export interface FieldChange {
  before: unknown;
  after: unknown;
}
export type AuditChanges = Record<string, FieldChange>;

/**
 * Field names that never reach the log, whatever their value: passwords, their hashes, tokens,
 * session ids, secrets, one-time and recovery codes.
 */
const SECRET_FIELD = /pass(word|code|phrase)|token|secret|hash|session|otp|recovery|credential|cookie/i;

export function isSecretField(name: string): boolean {
  return SECRET_FIELD.test(name);
}

/** Dates as ISO text, undefined as null, so a value compares and stores the same way. */
function normal(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(normal);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normal(v)]));
  }
  return value;
}

/**
 * The fields whose values differ between `before` and `after` (null: the record did not exist
 * before, or no longer exists), each with both values; secret fields are left out whatever they
 * hold. Equal records give `{}`.
 */
export function diffFields(before: Record<string, unknown> | null, after: Record<string, unknown> | null): AuditChanges {
  const changes: AuditChanges = {};
  const names = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const name of names) {
    if (isSecretField(name)) continue;
    const was = normal(before?.[name]);
    const now = normal(after?.[name]);
    if (JSON.stringify(was) !== JSON.stringify(now)) changes[name] = { before: was, after: now };
  }
  return changes;
}

/** The last guard before a row is written: drops any secret field a caller passed by hand. */
export function withoutSecrets(changes: AuditChanges): AuditChanges {
  return Object.fromEntries(Object.entries(changes).filter(([name]) => !isSecretField(name)));
}

// ---- The screen's filters ----

export const AUDIT_PAGE_SIZE = 50;

const RECORD = /^([a-z][a-z-]{0,30}):([0-9]{1,12})$/;
const DAY = z.iso.date();

export interface AuditFilters {
  admin: string | null;
  kind: AuditKind | null;
  record: { type: string; id: string } | null;
  from: string | null;
  to: string | null;
  page: number;
}

/** Reads the screen's query; a value that does not parse is ignored (the filter is off). */
export function readAuditFilters(params: URLSearchParams): AuditFilters {
  const text = (name: string) => params.get(name)?.trim() || null;
  const admin = text("admin");
  const kind = text("kind");
  const record = RECORD.exec(text("record") ?? "");
  const day = (name: string) => {
    const value = text(name);
    return value && DAY.safeParse(value).success ? value : null;
  };
  const page = Number(text("page") ?? "1");
  return {
    // PostgreSQL text cannot hold NUL: control characters are no username anyway.
    admin: admin && admin.length <= 100 && !/\p{Cc}/u.test(admin) ? admin : null,
    kind: (AUDIT_KINDS as readonly string[]).includes(kind ?? "") ? (kind as AuditKind) : null,
    record: record ? { type: record[1]!, id: record[2]! } : null,
    from: day("from"),
    to: day("to"),
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** The query of the same filters on another page (for the Newer / Older links). */
export function auditQuery(filters: AuditFilters, page: number): string {
  const params = new URLSearchParams();
  if (filters.admin) params.set("admin", filters.admin);
  if (filters.kind) params.set("kind", filters.kind);
  if (filters.record) params.set("record", `${filters.record.type}:${filters.record.id}`);
  if (filters.from) params.set("from", filters.from);
  if (filters.to) params.set("to", filters.to);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** A change's value as the screen shows it. */
export function showValue(value: unknown): string {
  if (value === null || value === undefined) return "(none)";
  if (typeof value === "string") return value;
  return JSON.stringify(value);
}
