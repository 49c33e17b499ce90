/** The runtime contract (README "Configuration"), parsed once at start-up: bad values fail fast. */
import { z } from "zod";
import { isCalendarDate } from "~/lib/util/calendar-date";
import { site } from "~/lib/site/site";

const flag = z
  .enum(["0", "1", "true", "false", "yes", "no", ""])
  .optional()
  .transform((v) => (v === undefined || v === "" ? undefined : ["1", "true", "yes"].includes(v)));

const schema = z.object({
  NODE_ENV: z.enum(["production", "development", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  DEMO_DATA: flag,
  CLUB_TIMEZONE: z
    .string()
    .default("Atlantic/Bermuda")
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat("en", { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, "CLUB_TIMEZONE must be an IANA time zone such as Atlantic/Bermuda"),
  // Test-only: pins the club's "today" (browser tests, so a run across midnight keeps one date).
  TEST_TODAY: z
    .string()
    .optional()
    .refine((v) => v === undefined || isCalendarDate(v), "TEST_TODAY must be a calendar date such as 2026-06-15 (tests only)"),
  CLUB_NAME: z.string().min(1).default(site.defaultName),
  CLUB_EMAIL: z.string().email().default("info@example.org"),
  // Where the site is reached from outside: links in e-mails start with it. Never taken from the
  // request's Host header, which a sender could forge to have a confirmation link point elsewhere.
  SITE_URL: z
    .string()
    .optional()
    .refine(
      (v) => v === undefined || (/^https?:\/\/[^/\s]+/.test(v) && URL.canParse(v)),
      "SITE_URL must be an http(s) address such as https://club.example",
    )
    .transform((v) => v?.replace(/\/+$/, "")),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().optional(),
  ADMIN_USERNAME: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: z.string().optional(),
  /** Live race pages (Server-Sent Events): streams per instance, and per client address. */
  LIVE_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(100_000).default(1000),
  LIVE_MAX_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(20),
  /** A live stream is ended after this long; the page's EventSource reconnects by itself. */
  LIVE_MAX_LIFETIME_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
  /** A request's headers, and then its body, must each arrive within this (the site's forms are small). */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  /**
   * Open connections one client address may hold (0: no cap). Unset: 64, or no cap with
   * TRUST_PROXY, where every connection comes from the proxy (decision 0026).
   */
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).max(100_000).optional(),
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
  return result.data;
}
