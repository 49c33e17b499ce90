/**
 * "Manage my entry" (decision 0020): the race-entry e-mail carries a private
 * link that lets the racer withdraw from a class or from the race, without an account, until
 * entries close. Tokens are 256 random bits stored as SHA-256 hashes (like
 * registration-changes.server.ts); a link is used once its entry is empty.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database, Tx } from "~/db/client";
import { competitors, raceEntryLinks, raceRegistrations, races } from "~/db/schema";
import { formatLongDate } from "~/lib/util/dates";
import { enqueue } from "~/domain/platform/outbox.server";
import { hashToken, newToken } from "~/domain/platform/tokens.server";
import type { ClubSite } from "~/lib/platform/club";

export function entryLinkPath(token: string): string {
  return `/race-entry/${token}`;
}

/** Inside the entry's transaction: a new link for this racer and race, mailed to the address on file (if any). */
export async function mailEntryLink(
  tx: Tx,
  entry: { raceId: number; competitorId: number; boatClasses: string[] },
  club: ClubSite,
): Promise<void> {
  const [row] = await tx
    .select({ email: competitors.email, firstName: competitors.firstName, title: races.title, date: races.date })
    .from(competitors)
    .innerJoin(races, eq(races.id, entry.raceId))
    .where(eq(competitors.id, entry.competitorId));
  if (!row?.email) return;
  const token = newToken();
  await tx.insert(raceEntryLinks).values({ tokenHash: hashToken(token), raceId: entry.raceId, competitorId: entry.competitorId });
  await enqueue(
    tx,
    [
      {
        kind: "race-entry",
        to: row.email,
        subject: `Your entry for ${row.title}`,
        body: [
          `Hello ${row.firstName},`,
          "",
          `${club.clubName} has your entry for ${row.title} (${formatLongDate(row.date)}) in: ${entry.boatClasses.join(", ")}.`,
          "",
          "To withdraw from a class or from the race before entries close, open this private link (keep it to yourself):",
          "",
          `${club.siteUrl}${entryLinkPath(token)}`,
          "",
          `Questions: ${club.clubEmail}`,
        ].join("\n"),
      },
    ],
    club,
  );
}

export type EntryView =
  | { kind: "entry"; raceId: number; title: string; date: string; name: string; classes: string[] }
  | { kind: "unknown" }
  /** `title`: the race's, for the page that follows a withdrawal. */
  | { kind: "used"; title: string }
  | { kind: "expired" };

async function findLink(db: Database | Tx, token: string, today: string, lock: boolean) {
  const query = db
    .select({
      id: raceEntryLinks.id,
      raceId: raceEntryLinks.raceId,
      competitorId: raceEntryLinks.competitorId,
      usedAt: raceEntryLinks.usedAt,
      title: races.title,
      date: races.date,
      open: sql<boolean>`${races.status} = 'upcoming' AND ${races.date} >= ${today}::date AND (${races.entriesCloseAt} IS NULL OR ${races.entriesCloseAt} > now())`,
      name: sql<string>`${competitors.firstName} || ' ' || ${competitors.lastName}`,
    })
    .from(raceEntryLinks)
    .innerJoin(races, eq(races.id, raceEntryLinks.raceId))
    .innerJoin(competitors, eq(competitors.id, raceEntryLinks.competitorId))
    .where(eq(raceEntryLinks.tokenHash, hashToken(token)));
  const [row] = await (lock ? query.for("update", { of: raceEntryLinks }) : query);
  if (!row) return { kind: "unknown" } as const;
  if (row.usedAt) return { kind: "used", title: row.title } as const;
  if (!row.open) return { kind: "expired" } as const;
  return { kind: "ok", row } as const;
}

async function classesOf(db: Database | Tx, raceId: number, competitorId: number): Promise<string[]> {
  const rows = await db
    .select({ boatClass: raceRegistrations.boatClass })
    .from(raceRegistrations)
    .where(and(eq(raceRegistrations.raceId, raceId), eq(raceRegistrations.competitorId, competitorId)))
    .orderBy(asc(raceRegistrations.boatClass));
  return rows.map((r) => r.boatClass);
}

/** What the link's page shows. Reads only: mail scanners open links. */
export async function viewEntry(db: Database, token: string, today: string): Promise<EntryView> {
  const found = await findLink(db, token, today, false);
  if (found.kind !== "ok") return found;
  const { row } = found;
  const classes = await classesOf(db, row.raceId, row.competitorId);
  if (classes.length === 0) return { kind: "used", title: row.title };
  return { kind: "entry", raceId: row.raceId, title: row.title, date: row.date, name: row.name, classes };
}

export type WithdrawOutcome =
  | { kind: "withdrawn"; title: string; from: string | null; left: string[] }
  | { kind: "unknown" }
  | { kind: "used"; title: string }
  | { kind: "expired" }
  | { kind: "not-entered" };

/** Withdraws from one class (or, `boatClass` null, from the race) in one transaction. */
export async function withdraw(db: Database, token: string, boatClass: string | null, today: string): Promise<WithdrawOutcome> {
  return db.transaction(async (tx) => {
    const found = await findLink(tx, token, today, true);
    if (found.kind !== "ok") return found;
    const { row } = found;
    const where = and(
      eq(raceRegistrations.raceId, row.raceId),
      eq(raceRegistrations.competitorId, row.competitorId),
      boatClass === null ? undefined : eq(raceRegistrations.boatClass, boatClass),
    );
    const deleted = await tx.delete(raceRegistrations).where(where).returning({ id: raceRegistrations.id });
    if (deleted.length === 0) return { kind: "not-entered" } as const;
    const left = await classesOf(tx, row.raceId, row.competitorId);
    if (left.length === 0) {
      // Nothing left to manage: every link to this entry is spent.
      await tx
        .update(raceEntryLinks)
        .set({ usedAt: sql`now()` })
        .where(and(eq(raceEntryLinks.raceId, row.raceId), eq(raceEntryLinks.competitorId, row.competitorId)));
    }
    return { kind: "withdrawn", title: row.title, from: boatClass, left } as const;
  });
}
