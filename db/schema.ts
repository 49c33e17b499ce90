/**
 * Drizzle's view of the tables. The SQL files in db/migrations are the source of truth for
 * constraints and indexes; this file mirrors their columns for typed queries.
 */
import { sql } from "drizzle-orm";
import { bigint, boolean, date, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const competitors = pgTable("competitors", {
  id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
  firstName: text("first_name").notNull(),
  lastName: text("last_name").notNull(),
  email: text("email"),
  telephone: text("telephone"),
  boatName: text("boat_name"),
  boatNumber: text("boat_number").notNull().default(""),
  boatColour: text("boat_colour"),
  boatClasses: text("boat_classes").array().notNull().default(sql`ARRAY['Open']::text[]`),
  pipaConsent: boolean("pipa_consent").notNull().default(false),
  pipaConsentAt: timestamp("pipa_consent_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const races = pgTable("races", {
  id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
  title: text("title").notNull(),
  date: date("date", { mode: "string" }).notNull(),
  location: text("location").notNull().default(""),
  description: text("description").notNull().default(""),
  imageUrl: text("image_url"),
  status: text("status", { enum: ["upcoming", "completed"] }).notNull().default("upcoming"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const raceResults = pgTable("race_results", {
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
});

export const raceRegistrations = pgTable("race_registrations", {
  id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
  raceId: integer("race_id").notNull(),
  competitorId: integer("competitor_id").notNull(),
  boatClass: text("boat_class").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const outboxMessages = pgTable("outbox_messages", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  kind: text("kind").notNull(),
  recipient: text("recipient").notNull(),
  subject: text("subject").notNull(),
  body: text("body").notNull(),
  status: text("status", { enum: ["pending", "sent", "failed"] }).notNull().default("pending"),
  attempts: integer("attempts").notNull().default(0),
  nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
  lastError: text("last_error"),
  loggedAt: timestamp("logged_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp("sent_at", { withTimezone: true }),
});

export const admins = pgTable("admins", {
  id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
  username: text("username").notNull(),
  passwordHash: text("password_hash").notNull(),
  isDemo: boolean("is_demo").notNull().default(false),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const adminSessions = pgTable("admin_sessions", {
  idHash: text("id_hash").primaryKey(),
  adminId: integer("admin_id").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
});
