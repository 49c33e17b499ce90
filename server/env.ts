/** The runtime contract (README "Configuration"), parsed once at start-up: bad values fail fast. */
import { z } from "~/lib/util/zod";
import { isCalendarDate } from "~/lib/util/calendar-date";
import { site } from "~/lib/platform/site";
import { safeUsername, USERNAME_MESSAGE } from "~/lib/admin/usernames";

const flag = z.pipe(
  z.optional(z.enum(["0", "1", "true", "false", "yes", "no", ""])),
  z.transform((v) => (v === undefined || v === "" ? undefined : ["1", "true", "yes"].includes(v))),
);

/** 32 bytes as 64 hex digits or base64 (`openssl rand -base64 32`); anything else is refused, never padded or cut. */
export function decodeKey(text: string): Buffer | null {
  const value = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, "hex");
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) {
    const bytes = Buffer.from(value.replace(/-/g, "+").replace(/_/g, "/"), "base64");
    return bytes.length === 32 ? bytes : null;
  }
  return null;
}

/** A whole number from `min` to `max`, read from its text. */
const whole = (min: number, max: number) => z.coerce.number().check(z.int(), z.minimum(min), z.maximum(max));

const schema = z.object({
  NODE_ENV: z._default(z.enum(["production", "development", "test"]), "production"),
  PORT: z._default(whole(0, 65535), 3000),
  HOST: z._default(z.string(), "0.0.0.0"),
  DATA_DIR: z._default(z.string(), "./data"),
  DATABASE_URL: z.union([
    z.optional(z.string().check(z.url())),
    z.pipe(
      z.literal(""),
      z.transform(() => undefined),
    ),
  ]),
  /**
   * The role that owns the tables: migrations and grants run as it at start, on a connection then
   * closed, and DATABASE_URL's role gets only data privileges (decision 0043). Needs DATABASE_URL.
   */
  MIGRATION_DATABASE_URL: z.optional(z.string().check(z.url())),
  DEMO_DATA: flag,
  /** Daily backups into DATA_DIR/backups; unset: on with the embedded database only (a container stack sets it). */
  DAILY_BACKUPS: flag,
  CLUB_TIMEZONE: z._default(z.string(), "Atlantic/Bermuda").check(
    z.refine((tz) => {
      try {
        new Intl.DateTimeFormat("en", { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, "CLUB_TIMEZONE must be an IANA time zone such as Atlantic/Bermuda"),
  ),
  // Test-only: pins the club's "today" (browser tests, so a run across midnight keeps one date).
  TEST_TODAY: z
    .optional(z.string())
    .check(
      z.refine((v) => v === undefined || isCalendarDate(v), "TEST_TODAY must be a calendar date such as 2026-06-15 (tests only)"),
    ),
  CLUB_NAME: z._default(z.string().check(z.minLength(1)), site.defaultName),
  CLUB_EMAIL: z._default(z.string().check(z.email()), "info@example.org"),
  // Where the site is reached from outside: links in e-mails start with it. Never taken from the
  // request's Host header, which a sender could forge to have a confirmation link point elsewhere.
  SITE_URL: z.pipe(
    z
      .optional(z.string())
      .check(
        z.refine(
          (v) => v === undefined || (/^https?:\/\/[^/\s]+/.test(v) && URL.canParse(v)),
          "SITE_URL must be an http(s) address such as https://club.example",
        ),
      ),
    z.transform((v: string | undefined) => v?.replace(/\/+$/, "")),
  ),
  SMTP_URL: z.optional(z.string()),
  MAIL_FROM: z.optional(z.string()),
  /**
   * Seals the admins' TOTP secrets at rest (issue 31 item 18). Required with DATABASE_URL; with the
   * embedded database, unset means a key generated once into DATA_DIR/totp-encryption.key.
   */
  TOTP_ENCRYPTION_KEY: z.pipe(
    z
      .optional(z.string())
      .check(
        z.refine(
          (v) => v === undefined || decodeKey(v) !== null,
          "TOTP_ENCRYPTION_KEY must be 32 bytes as base64 or 64 hex digits (`openssl rand -base64 32`)",
        ),
      ),
    z.transform((v: string | undefined) => (v === undefined ? undefined : decodeKey(v)!)),
  ),
  // The username rule of every admin (app/lib/admin/usernames.ts); stored folded ("Secretary" is "secretary").
  ADMIN_USERNAME: z.optional(
    z.string().check(z.refine((v) => v === "" || safeUsername(v) !== null, `ADMIN_USERNAME: ${USERNAME_MESSAGE}`)),
  ),
  ADMIN_PASSWORD: z.optional(z.string()),
  LOG_LEVEL: z._default(z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]), "info"),
  TRUST_PROXY: z.optional(z.string()),
  /** Live race pages (Server-Sent Events): streams per instance, and per client address. */
  LIVE_MAX_CONNECTIONS: z._default(whole(1, 100_000), 1000),
  LIVE_MAX_PER_ADDRESS: z._default(whole(1, 100_000), 20),
  /** A live stream is ended after this long; the page's EventSource reconnects by itself. */
  LIVE_MAX_LIFETIME_SECONDS: z._default(whole(1, 86_400), 600),
  /** A request's headers, and then its body, must each arrive within this (the site's forms are small). */
  REQUEST_TIMEOUT_SECONDS: z._default(whole(1, 600), 10),
  /**
   * Open connections one client address may hold (0: no cap). Unset: 64, or no cap with
   * TRUST_PROXY, where every connection comes from the proxy (decision 0026).
   */
  MAX_CONNECTIONS_PER_ADDRESS: z.optional(whole(0, 100_000)),
});

export type Env = z.infer<typeof schema>;

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // An empty variable (`FOO=` in a unit file) means "unset": the default applies.
  const set = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const result = schema.safeParse(set);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  // The embedded database has one user, a superuser: there is no other role to migrate as.
  if (result.data.MIGRATION_DATABASE_URL && !result.data.DATABASE_URL) {
    throw new Error(
      "Invalid configuration:\n  MIGRATION_DATABASE_URL: needs DATABASE_URL (the site's own role); the embedded database has one user",
    );
  }
  return result.data;
}
