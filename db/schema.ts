/**
 * Drizzle's view of the tables. The SQL files in db/migrations are the source of truth; this file
 * mirrors their columns, unique constraints and indexes for typed queries, and
 * tests/integration/schema-drift.test.ts fails when the two differ. (CHECK and EXCLUDE
 * constraints, defaults' exact expressions and foreign keys live only in the SQL.)
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  customType,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

export const competitors = pgTable(
  "competitors",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email"),
    telephone: text("telephone"),
    boatName: text("boat_name"),
    boatNumber: text("boat_number").notNull().default(""),
    boatColour: text("boat_colour"),
    boatClasses: text("boat_classes")
      .array()
      .notNull()
      .default(sql`ARRAY['Open']::text[]`),
    pipaConsent: boolean("pipa_consent").notNull().default(false),
    pipaConsentAt: timestamp("pipa_consent_at", { withTimezone: true }),
    /** Migration 0035: the privacy notice's version agreed to with pipa_consent_at (null: before versions). */
    privacyNoticeVersion: integer("privacy_notice_version"),
    /** Opt-in race messages (decision 0022): "results are up" and the entry reminder. */
    notifyResults: boolean("notify_results").notNull().default(false),
    notifyReminders: boolean("notify_reminders").notNull().default(false),
    /** On duty at a race: reminded a week and a day before unless they said no (decision 0058). */
    dutyReminders: boolean("duty_reminders").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("competitors_email_key").on(sql`lower(${t.email})`),
    index("competitors_name_idx").on(t.lastName, t.firstName),
  ],
);

export const races = pgTable(
  "races",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    title: text("title").notNull(),
    date: date("date", { mode: "string" }).notNull(),
    location: text("location").notNull().default(""),
    description: text("description").notNull().default(""),
    imageUrl: text("image_url"),
    /** An uploaded picture (migration 0023); shown instead of image_url. */
    imageHash: text("image_hash"),
    status: text("status", { enum: ["upcoming", "completed", "cancelled"] })
      .notNull()
      .default("upcoming"),
    countsForChampionship: boolean("counts_for_championship").notNull().default(true),
    /** Raised by a trigger (migration 0010) whenever what a calendar event shows changes. */
    icalSequence: integer("ical_sequence").notNull().default(0),
    heatSize: integer("heat_size").notNull().default(6),
    resultsOfficialAt: timestamp("results_official_at", { withTimezone: true }),
    /** When a heat's results were last saved (the live race page's "Last updated"; migration 0012). */
    resultsUpdatedAt: timestamp("results_updated_at", { withTimezone: true }),
    /** Entry window (migration 0014): null = no limit on that side. */
    entriesOpenAt: timestamp("entries_open_at", { withTimezone: true }),
    entriesCloseAt: timestamp("entries_close_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("races_date_idx").on(t.date),
    index("races_status_date_idx").on(t.status, t.date.desc()),
    index("races_image_hash_idx")
      .on(t.imageHash)
      .where(sql`image_hash IS NOT NULL`),
  ],
);

export const raceResults = pgTable(
  "race_results",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    raceId: integer("race_id").notNull(),
    competitorId: integer("competitor_id").notNull(),
    position: integer("position").notNull(),
    lapTime: text("lap_time"),
    bestLap: text("best_lap"),
    totalTime: text("total_time"),
    laps: integer("laps"),
    points: integer("points"),
    heatNumber: integer("heat_number").notNull().default(1),
    boatClass: text("boat_class").notNull().default("Open"),
    /** Laps added or removed by hand, and why (migration 0024, the results import). */
    lapsAdjustment: integer("laps_adjustment"),
    lapsAdjustmentReason: text("laps_adjustment_reason"),
  },
  (t) => [
    unique("race_results_race_id_heat_number_boat_class_competitor_id_key").on(
      t.raceId,
      t.heatNumber,
      t.boatClass,
      t.competitorId,
    ),
    index("race_results_race_idx").on(t.raceId, t.boatClass, t.heatNumber, t.position),
    index("race_results_competitor_idx").on(t.competitorId),
    index("race_results_class_idx").on(t.boatClass, t.competitorId),
    // Season standings: covering, so each race of the season is read from the index alone (0011).
    index("race_results_season_idx").on(t.raceId, t.boatClass, t.competitorId, t.position, t.points),
  ],
);

/**
 * SPEC's all-time standings, summed per racer, class and position by triggers on race_results in
 * the same transaction as every change (migration 0016): never stale, and not part of backups.
 */
export const resultTotals = pgTable(
  "result_totals",
  {
    competitorId: integer("competitor_id").notNull(),
    boatClass: text("boat_class").notNull(),
    position: integer("position").notNull(),
    finishes: integer("finishes").notNull(),
    storedPoints: bigint("stored_points", { mode: "number" }).notNull(),
    unscored: integer("unscored").notNull(),
  },
  (t) => [primaryKey({ columns: [t.competitorId, t.boatClass, t.position] })],
);

/**
 * Who raced whom: one row per race, class and racer (with their number of results there), kept
 * by triggers on race_results in the same transaction as every change (migration 0017): the
 * head-to-head picker's "Raced against". Never stale, and not part of backups.
 */
export const raceEntrants = pgTable(
  "race_entrants",
  {
    raceId: integer("race_id").notNull(),
    boatClass: text("boat_class").notNull(),
    competitorId: integer("competitor_id").notNull(),
    results: integer("results").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.raceId, t.boatClass, t.competitorId] }),
    index("race_entrants_competitor_idx").on(t.competitorId),
  ],
);

export const raceRegistrations = pgTable(
  "race_registrations",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    raceId: integer("race_id").notNull(),
    competitorId: integer("competitor_id").notNull(),
    boatClass: text("boat_class").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("race_registrations_race_id_competitor_id_boat_class_key").on(t.raceId, t.competitorId, t.boatClass),
    index("race_registrations_competitor_idx").on(t.competitorId),
  ],
);

export const outboxMessages = pgTable(
  "outbox_messages",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text("kind").notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    status: text("status", { enum: ["pending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    loggedAt: timestamp("logged_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** Extra mail headers (List-Unsubscribe...). */
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
  },
  (t) => [
    index("outbox_messages_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`status = 'pending'`),
    index("outbox_messages_done_idx")
      .on(t.createdAt)
      .where(sql`status <> 'pending'`),
  ],
);

export const admins = pgTable(
  "admins",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    username: text("username").notNull(),
    passwordHash: text("password_hash").notNull(),
    isDemo: boolean("is_demo").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Migration 0018: 'owner' | 'results_officer' (app/lib/admin/roles.ts). */
    role: text("role").$type<"owner" | "results_officer">().notNull().default("owner"),
    /** Migration 0020: for invitations and password resets; null for admins made before it (asked at sign-in). */
    email: text("email"),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    /** The TOTP secret, sealed (app/domain/admin/totp-secret.server.ts, migration 0025); two-factor is on once totp_enabled_at is set. */
    totpSecret: text("totp_secret"),
    totpEnabledAt: timestamp("totp_enabled_at", { withTimezone: true }),
    /** The 30-second step of the last code accepted: a code counts only for a later step (no replay). */
    totpLastStep: bigint("totp_last_step", { mode: "number" }).notNull().default(0),
  },
  (t) => [
    /** Migration 0027: one username per folded form (app/lib/admin/usernames.ts). */
    uniqueIndex("admins_username_key").on(sql`lower(normalize(${t.username}, NFKC))`),
    uniqueIndex("admins_email_key").on(sql`lower(${t.email})`),
  ],
);

/** Migration 0020: ten single-use recovery codes per admin with TOTP on (hashes only). */
export const adminRecoveryCodes = pgTable(
  "admin_recovery_codes",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    adminId: integer("admin_id").notNull(),
    codeHash: text("code_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("admin_recovery_codes_admin_idx").on(t.adminId)],
);

/** Migration 0020: WebAuthn credentials (passkeys). */
export const adminPasskeys = pgTable(
  "admin_passkeys",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    adminId: integer("admin_id").notNull(),
    credentialId: text("credential_id").notNull(),
    /** The COSE public key, base64url (text, so backups carry it as JSON). */
    publicKey: text("public_key").notNull(),
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    transports: text("transports")
      .array()
      .notNull()
      .default(sql`'{}'`),
    name: text("name").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("admin_passkeys_credential_key").on(t.credentialId), index("admin_passkeys_admin_idx").on(t.adminId)],
);

/** Migration 0020: mailed single-use links for admins (invitation 72 h, password reset 30 min). */
export const adminLinks = pgTable(
  "admin_links",
  {
    tokenHash: text("token_hash").primaryKey(),
    purpose: text("purpose").$type<"invite" | "reset">().notNull(),
    adminId: integer("admin_id"),
    email: text("email").notNull(),
    role: text("role").$type<"owner" | "results_officer">(),
    invitedBy: integer("invited_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    /** Migration 0027: an invitation ended with its sender's removal or demotion (never both used and ended). */
    endedAt: timestamp("ended_at", { withTimezone: true }),
    endedReason: text("ended_reason").$type<"sender-removed" | "sender-demoted">(),
  },
  (t) => [index("admin_links_expires_idx").on(t.expiresAt), index("admin_links_email_idx").on(sql`lower(${t.email})`)],
);

/** Migration 0020: short-lived sign-in states that are not sessions (awaiting a second factor, a passkey, a first TOTP code). */
export const adminPending = pgTable(
  "admin_pending",
  {
    idHash: text("id_hash").primaryKey(),
    purpose: text("purpose")
      .$type<"second-factor" | "passkey-signin" | "passkey-register" | "passkey-reauth" | "totp-setup">()
      .notNull(),
    adminId: integer("admin_id"),
    challenge: text("challenge"),
    secret: text("secret"),
    userAgent: text("user_agent").notNull().default(""),
    address: text("address").notNull().default(""),
    attempts: integer("attempts").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("admin_pending_expires_idx").on(t.expiresAt)],
);

/** Migration 0020: the club's settings, one JSON value per key (app/domain/admin/club-settings.server.ts). */
export const clubSettings = pgTable("club_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const adminSessions = pgTable(
  "admin_sessions",
  {
    idHash: text("id_hash").primaryKey(),
    adminId: integer("admin_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    /** Migration 0018: what "My sessions" shows (the browser's User-Agent, cut to 512; the client address). */
    userAgent: text("user_agent").notNull().default(""),
    address: text("address").notNull().default(""),
    /** Migration 0025: when the admin last proved it was them again (password, code, passkey); factor changes need it recent. */
    reauthAt: timestamp("reauth_at", { withTimezone: true }),
  },
  (t) => [index("admin_sessions_admin_idx").on(t.adminId), index("admin_sessions_last_seen_idx").on(t.lastSeenAt)],
);

/** "Manage my entry" links mailed with a race entry (migration 0014): token hashes only. */
export const raceEntryLinks = pgTable(
  "race_entry_links",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text("token_hash").notNull(),
    raceId: integer("race_id").notNull(),
    competitorId: integer("competitor_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("race_entry_links_token_key").on(t.tokenHash),
    index("race_entry_links_race_idx").on(t.raceId, t.competitorId),
  ],
);

export const pendingRegistrationChanges = pgTable(
  "pending_registration_changes",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text("token_hash").notNull(),
    competitorId: integer("competitor_id").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    boatName: text("boat_name"),
    boatNumber: text("boat_number").notNull(),
    boatClasses: text("boat_classes").array().notNull(),
    telephone: text("telephone"),
    email: text("email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    raceEmails: boolean("race_emails").notNull().default(false),
    usedAt: timestamp("used_at", { withTimezone: true }),
    /** Migration 0035: the privacy notice's version shown when the change was asked for. */
    privacyNoticeVersion: integer("privacy_notice_version"),
  },
  (t) => [
    uniqueIndex("pending_registration_changes_token_key").on(t.tokenHash),
    index("pending_registration_changes_competitor_idx").on(t.competitorId, t.createdAt),
    index("pending_registration_changes_expires_idx").on(t.expiresAt),
  ],
);

export const seasons = pgTable("seasons", {
  id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
  key: text("key").notNull().unique("seasons_key_key"),
  name: text("name").notNull(),
  startsOn: date("starts_on", { mode: "string" }).notNull(),
  endsOn: date("ends_on", { mode: "string" }).notNull(),
  pointsTable: integer("points_table").array().notNull(),
  pointsBelow: integer("points_below").notNull(),
  bestRounds: integer("best_rounds"),
  dropRounds: integer("drop_rounds"),
  dropAfter: integer("drop_after"),
  minRounds: integer("min_rounds").notNull().default(0),
  minEntrants: integer("min_entrants").notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull(),
  },
  (t) => [index("rate_limits_window_idx").on(t.windowStart)],
);

export const heats = pgTable(
  "heats",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    raceId: integer("race_id").notNull(),
    boatClass: text("boat_class").notNull(),
    heatNumber: integer("heat_number").notNull(),
    method: text("method", { enum: ["random", "standings"] }).notNull(),
    seed: bigint("seed", { mode: "number" }),
    locked: boolean("locked").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("heats_race_id_boat_class_heat_number_key").on(t.raceId, t.boatClass, t.heatNumber),
    unique("heats_id_race_id_boat_class_key").on(t.id, t.raceId, t.boatClass),
  ],
);

export const heatEntries = pgTable(
  "heat_entries",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    heatId: integer("heat_id").notNull(),
    raceId: integer("race_id").notNull(),
    boatClass: text("boat_class").notNull(),
    competitorId: integer("competitor_id").notNull(),
    slot: integer("slot").notNull(),
  },
  (t) => [unique("heat_entries_race_id_boat_class_competitor_id_key").on(t.raceId, t.boatClass, t.competitorId)],
);

export const raceResultChanges = pgTable(
  "race_result_changes",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    raceId: integer("race_id").notNull(),
    heatNumber: integer("heat_number").notNull(),
    boatClass: text("boat_class").notNull(),
    description: text("description").notNull(),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
    /** Logged before the results were official, while a results check request waited (migration 0039). */
    provisional: boolean("provisional").notNull().default(false),
  },
  (t) => [index("race_result_changes_race_idx").on(t.raceId, t.changedAt)],
);

/** Requests for a results check (issue 36 item 3, migration 0039, decision 0056). */
export const resultsCheckRequests = pgTable(
  "results_check_requests",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    raceId: integer("race_id").notNull(),
    competitorId: integer("competitor_id").notNull(),
    boatClass: text("boat_class").notNull(),
    heatNumber: integer("heat_number").notNull(),
    problem: text("problem").notNull(),
    asked: text("asked").notNull(),
    filedAt: timestamp("filed_at", { withTimezone: true }).notNull().defaultNow(),
    outcome: text("outcome", { enum: ["accepted", "refused"] }),
    reason: text("reason"),
    changeId: bigint("change_id", { mode: "number" }),
    decidedBy: integer("decided_by"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [
    index("results_check_requests_race_idx").on(t.raceId, t.filedAt),
    index("results_check_requests_competitor_idx").on(t.competitorId),
  ],
);

// Migration 0006 adds no table: the sequence `public_data_version` and the change triggers on the
// public tables are driven by db/data-changes.ts.

export const messageLinks = pgTable(
  "message_links",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text("token_hash").notNull(),
    competitorId: integer("competitor_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("message_links_token_key").on(t.tokenHash), index("message_links_expires_idx").on(t.expiresAt)],
);

export const raceMessages = pgTable(
  "race_messages",
  {
    raceId: integer("race_id").notNull(),
    kind: text("kind", { enum: ["results-up", "entry-reminder"] }).notNull(),
    recipients: integer("recipients").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.raceId, t.kind] })],
);

/**
 * The audit log (migration 0019, decision 0029): append-only in the database (a trigger refuses
 * UPDATE, DELETE and TRUNCATE; purge_audit_log() removes entries older than two years).
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    adminId: integer("admin_id"),
    adminUsername: text("admin_username"),
    address: text("address"),
    kind: text("kind").notNull(),
    recordType: text("record_type"),
    recordId: text("record_id"),
    changes: jsonb("changes").$type<Record<string, { before: unknown; after: unknown }>>().notNull().default({}),
  },
  (t) => [
    index("audit_log_at_idx").on(t.at.desc(), t.id.desc()),
    index("audit_log_record_idx").on(t.recordType, t.recordId, t.at.desc()),
  ],
);

/**
 * Refused anonymous attempts (migration 0026, decision 0038): a count per kind, client address and
 * hour; `auditId` is the one audit entry written for the row's first refusal.
 */
export const refusedAttempts = pgTable(
  "refused_attempts",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    kind: text("kind").notNull(),
    address: text("address").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull(),
    lastAt: timestamp("last_at", { withTimezone: true }).notNull().defaultNow(),
    auditId: bigint("audit_id", { mode: "number" }),
  },
  (t) => [
    unique("refused_attempts_kind_window_start_address_key").on(t.kind, t.windowStart, t.address),
    index("refused_attempts_audit_idx").on(t.auditId),
    index("refused_attempts_window_idx").on(t.windowStart),
  ],
);

/**
 * News notices (migration 0022, issue 24 item 3). `body` is the admin's text as typed, never HTML:
 * app/lib/news/format.tsx turns its small formatting into elements when a page renders it.
 */
export const news = pgTable(
  "news",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
    /** Shown on the home page through this club day (inclusive); null: not pinned. */
    pinnedUntil: date("pinned_until", { mode: "string" }),
    raceId: integer("race_id"),
    adminId: integer("admin_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("news_published_idx").on(t.publishedAt.desc(), t.id.desc()),
    index("news_pinned_idx")
      .on(t.pinnedUntil)
      .where(sql`pinned_until IS NOT NULL`),
    index("news_race_idx")
      .on(t.raceId)
      .where(sql`race_id IS NOT NULL`),
  ],
);

/** Results import (migration 0024): the confirmed column mapping per set of headers. */
export const importMappings = pgTable("import_mappings", {
  headerKey: text("header_key").primaryKey(),
  mapping: jsonb("mapping").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Results import: the uploaded text between preview and confirmation (never results). */
export const importDrafts = pgTable(
  "import_drafts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    raceId: integer("race_id").notNull(),
    adminId: integer("admin_id"),
    fileName: text("file_name").notNull().default(""),
    source: text("source").notNull(),
    settings: jsonb("settings")
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("import_drafts_created_idx").on(t.createdAt)],
);

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });

/** Uploaded images (migration 0023, decision 0031): one row per image, its variants below. */
export const images = pgTable("images", {
  hash: text("hash").primaryKey(),
  purpose: text("purpose", { enum: ["logo", "banner", "race"] }).notNull(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  widths: integer("widths").array().notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** One re-encoded file per image, width and format: what /images/u/<hash>-<width>.<format> serves. */
export const imageVariants = pgTable(
  "image_variants",
  {
    hash: text("hash").notNull(),
    width: integer("width").notNull(),
    format: text("format", { enum: ["avif", "webp"] }).notNull(),
    bytes: bytea("bytes").notNull(),
  },
  (t) => [primaryKey({ columns: [t.hash, t.width, t.format] })],
);

/**
 * A racer's requests under PIPA (migration 0034, issue 35): access, correction, erasure; from the
 * e-mailed link or on paper; due 45 days after the identity is confirmed (app/lib/privacy/requests.ts).
 */
export const privacyRequests = pgTable(
  "privacy_requests",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    competitorId: integer("competitor_id"),
    kind: text("kind", { enum: ["access", "correction", "erasure"] }).notNull(),
    source: text("source", { enum: ["link", "paper"] }).notNull(),
    identifiedBy: text("identified_by").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    identityConfirmedAt: timestamp("identity_confirmed_at", { withTimezone: true }),
    dueAt: timestamp("due_at", { withTimezone: true }),
    extendedUntil: timestamp("extended_until", { withTimezone: true }),
    status: text("status", { enum: ["open", "done", "refused"] })
      .notNull()
      .default("open"),
    handledBy: integer("handled_by"),
    handledAt: timestamp("handled_at", { withTimezone: true }),
    note: text("note").notNull().default(""),
  },
  (t) => [
    index("privacy_requests_competitor_idx").on(t.competitorId),
    index("privacy_requests_open_idx")
      .on(t.dueAt)
      .where(sql`status = 'open'`),
  ],
);

/** "My data" links (migration 0035): token and viewing-session hashes only. */
export const privacyLinks = pgTable(
  "privacy_links",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text("token_hash").notNull(),
    competitorId: integer("competitor_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    sessionHash: text("session_hash"),
    sessionExpiresAt: timestamp("session_expires_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("privacy_links_token_key").on(t.tokenHash),
    uniqueIndex("privacy_links_session_key").on(t.sessionHash),
    index("privacy_links_competitor_idx").on(t.competitorId),
    index("privacy_links_expires_idx").on(t.expiresAt),
  ],
);

/**
 * The erasure ledger (migration 0036, decision 0053): which racer was erased at their request and
 * when, nothing else. Kept through a restore and re-applied after it (app/domain/privacy/erasure.server.ts).
 */
export const erasures = pgTable("erasures", {
  competitorId: integer("competitor_id").primaryKey(),
  erasedAt: timestamp("erased_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Check-in at the lake (migration 0038, decision 0055): one row per racer and race; checked in
 * while `checkedInAt` is set and `undoneAt` is not; `version` rises with every change.
 */
export const raceCheckIns = pgTable(
  "race_check_ins",
  {
    raceId: integer("race_id").notNull(),
    competitorId: integer("competitor_id").notNull(),
    checkedInAt: timestamp("checked_in_at", { withTimezone: true }),
    checkedInVia: text("checked_in_via", { enum: ["link", "admin"] }),
    checkedInBy: integer("checked_in_by"),
    undoneAt: timestamp("undone_at", { withTimezone: true }),
    undoneBy: integer("undone_by"),
    version: integer("version").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.raceId, t.competitorId] }), index("race_check_ins_competitor_idx").on(t.competitorId)],
);

/** Admin check-in taps by their idempotency key (migration 0038): a tap sent twice is applied once. */
export const checkInTaps = pgTable(
  "check_in_taps",
  {
    key: uuid("key").primaryKey(),
    raceId: integer("race_id").notNull(),
    outcome: jsonb("outcome").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("check_in_taps_created_idx").on(t.createdAt)],
);

/**
 * Retention by inactivity (migration 0037, issue 35 item 5): one "keep my details" notice per
 * period without racing; kept (the clock starts again) or, after RETENTION.inactivityGraceDays,
 * the contact details removed. Token hash only.
 */
export const inactivityNotices = pgTable(
  "inactivity_notices",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    competitorId: integer("competitor_id").notNull(),
    tokenHash: text("token_hash").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
    removeAfter: timestamp("remove_after", { withTimezone: true }).notNull(),
    keptAt: timestamp("kept_at", { withTimezone: true }),
    removedAt: timestamp("removed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("inactivity_notices_token_key").on(t.tokenHash),
    index("inactivity_notices_competitor_idx").on(t.competitorId),
    index("inactivity_notices_waiting_idx")
      .on(t.removeAfter)
      .where(sql`kept_at IS NULL AND removed_at IS NULL`),
  ],
);

/** The duty roster (issue 36 item 2, migration 0040, decision 0058): a race's roster made once. */
export const raceRosters = pgTable("race_rosters", {
  raceId: integer("race_id").primaryKey(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The duties a race needs, and how many people each. */
export const raceDuties = pgTable(
  "race_duties",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    raceId: integer("race_id").notNull(),
    name: text("name").notNull(),
    places: integer("places").notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [unique("race_duties_race_id_name_key").on(t.raceId, t.name)],
);

/** Who is on a duty: one duty per racer and race; the two reminders marked once sent. */
export const dutyPlaces = pgTable(
  "duty_places",
  {
    dutyId: bigint("duty_id", { mode: "number" }).notNull(),
    raceId: integer("race_id").notNull(),
    competitorId: integer("competitor_id").notNull(),
    takenAt: timestamp("taken_at", { withTimezone: true }).notNull().defaultNow(),
    takenVia: text("taken_via", { enum: ["link", "admin", "swap"] }).notNull(),
    weekReminderAt: timestamp("week_reminder_at", { withTimezone: true }),
    dayReminderAt: timestamp("day_reminder_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.dutyId, t.competitorId] }),
    unique("duty_places_race_id_competitor_id_key").on(t.raceId, t.competitorId),
    index("duty_places_competitor_idx").on(t.competitorId),
  ],
);

/** A swap asked of another member (`competitorId`) by e-mailed link: token hash only, single use, expiring. */
export const dutySwaps = pgTable(
  "duty_swaps",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    dutyId: bigint("duty_id", { mode: "number" }).notNull(),
    raceId: integer("race_id").notNull(),
    askerId: integer("asker_id").notNull(),
    competitorId: integer("competitor_id").notNull(),
    tokenHash: text("token_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    answer: text("answer", { enum: ["accepted", "declined", "replaced"] }),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("duty_swaps_token_key").on(t.tokenHash),
    index("duty_swaps_competitor_idx").on(t.competitorId),
    index("duty_swaps_asker_idx").on(t.askerId),
  ],
);
