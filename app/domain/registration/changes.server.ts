/**
 * Changes to an existing driver registration made from the public form wait for the consent of
 * the owner of the e-mail address on file (decision 0008). The form stores the
 * change as pending and mails a single-use link to that address; only following the link and
 * pressing its button (a POST: mail scanners follow GET links) applies the change.
 *
 * Tokens are 256 random bits, stored as SHA-256 hashes, valid for 24 hours, used once. A record
 * gets at most a few confirmation e-mails a day, whoever asks, so nobody can flood an inbox.
 */
import { and, count, eq, getTableColumns, gt, isNull, sql } from "drizzle-orm";
import type { Database, Tx } from "~/db/client";
import { competitors, pendingRegistrationChanges } from "~/db/schema";
import { maskEmail } from "~/lib/registration/registration";
import { isUniqueViolation } from "~/domain/platform/db-errors.server";
import { enqueue } from "~/domain/platform/outbox.server";
import { confirmationMessage, registrationMessages } from "~/domain/registration/email.server";
import { hashToken, newToken } from "~/domain/platform/tokens.server";
import type { ClubMail, ClubSite } from "~/lib/platform/club";
import { RETENTION } from "~/lib/platform/retention";

export const CONFIRMATION = {
  /** How long a link stays valid (the privacy notice states it). */
  ttlHours: RETENTION.registrationChangeHours,
  /** Confirmation e-mails per record within `windowHours`; beyond that nothing is queued. */
  maxPerRecord: 3,
  windowHours: 24,
} as const;

/** The details a record takes when its owner confirms. */
export interface ChangeValues {
  firstName: string;
  lastName: string;
  boatName: string | null;
  boatNumber: string;
  boatClasses: string[];
  telephone: string | null;
  email: string;
  /** Opt in to the race e-mails (decision 0022). Unticked leaves the driver's choice as it is. */
  raceEmails: boolean;
}

export type ChangeRequestOutcome =
  | { kind: "confirmation-sent"; maskedEmail: string }
  | { kind: "confirmation-already-sent"; maskedEmail: string }
  /** An old record with no e-mail on file: nobody can confirm online, the club can. */
  | { kind: "no-address" };

export function confirmationPath(token: string): string {
  return `/registration/confirm/${token}`;
}

/**
 * Stores a change to record `competitorId` and queues the link to the address on file, inside the
 * caller's transaction. The record's row is locked first, so simultaneous requests for one record
 * count one after another and the limit holds under any concurrency.
 */
export async function requestChange(
  tx: Tx,
  competitorId: number,
  values: ChangeValues,
  club: ClubSite,
  /** The privacy notice the form linked to, which the racer agrees to again by confirming. */
  noticeVersion: number,
): Promise<ChangeRequestOutcome> {
  const [current] = await tx
    .select({ firstName: competitors.firstName, email: competitors.email })
    .from(competitors)
    .where(eq(competitors.id, competitorId))
    .for("update");
  if (!current?.email) return { kind: "no-address" };
  const maskedEmail = maskEmail(current.email)!;

  const [recent] = await tx
    .select({ n: count() })
    .from(pendingRegistrationChanges)
    .where(
      and(
        eq(pendingRegistrationChanges.competitorId, competitorId),
        gt(pendingRegistrationChanges.createdAt, sql`now() - make_interval(hours => ${CONFIRMATION.windowHours})`),
      ),
    );
  if ((recent?.n ?? 0) >= CONFIRMATION.maxPerRecord) return { kind: "confirmation-already-sent", maskedEmail };

  // Links nobody followed hold personal data: gone a day after they expire (the limit above
  // only looks at the last day).
  await tx.execute(sql`DELETE FROM pending_registration_changes WHERE expires_at < now() - interval '1 day'`);

  const token = newToken();
  await tx.insert(pendingRegistrationChanges).values({
    tokenHash: hashToken(token),
    competitorId,
    ...values,
    privacyNoticeVersion: noticeVersion,
    expiresAt: sql`now() + make_interval(hours => ${CONFIRMATION.ttlHours})`,
  });
  await enqueue(
    tx,
    [
      confirmationMessage(
        {
          to: current.email,
          firstName: current.firstName,
          link: `${club.siteUrl}${confirmationPath(token)}`,
          expiresInHours: CONFIRMATION.ttlHours,
          movesEmail: current.email.toLowerCase() !== values.email.toLowerCase(),
        },
        club,
      ),
    ],
    club,
  );
  return { kind: "confirmation-sent", maskedEmail };
}

type Details = Omit<ChangeValues, "email"> & { email: string | null };

export type PendingChangeView =
  | { kind: "pending"; current: Details; next: ChangeValues; expiresAt: Date }
  | { kind: "unknown" }
  | { kind: "used" }
  | { kind: "expired" };

const detailColumns = {
  firstName: competitors.firstName,
  lastName: competitors.lastName,
  boatName: competitors.boatName,
  boatNumber: competitors.boatNumber,
  boatClasses: competitors.boatClasses,
  telephone: competitors.telephone,
  email: competitors.email,
  raceEmails: sql<boolean>`(${competitors.notifyResults} OR ${competitors.notifyReminders})`,
};

async function findPending(db: Database | Tx, token: string, lock: boolean) {
  const query = db
    // The database's clock decides expiry, like everywhere else a time is compared.
    .select({
      ...getTableColumns(pendingRegistrationChanges),
      expired: sql<boolean>`${pendingRegistrationChanges.expiresAt} <= now()`,
    })
    .from(pendingRegistrationChanges)
    .where(eq(pendingRegistrationChanges.tokenHash, hashToken(token)));
  const [row] = await (lock ? query.for("update") : query);
  if (!row) return { kind: "unknown" } as const;
  if (row.usedAt) return { kind: "used" } as const;
  if (row.expired) return { kind: "expired" } as const;
  return { kind: "pending", row } as const;
}

function valuesOf(row: ChangeValues): ChangeValues {
  const { firstName, lastName, boatName, boatNumber, boatClasses, telephone, email, raceEmails } = row;
  return { firstName, lastName, boatName, boatNumber, boatClasses, telephone, email, raceEmails };
}

/** What the link's page shows: the record as it is and as it will be. Reads only. */
export async function viewPendingChange(db: Database, token: string): Promise<PendingChangeView> {
  const found = await findPending(db, token, false);
  if (found.kind !== "pending") return found;
  const [current] = await db.select(detailColumns).from(competitors).where(eq(competitors.id, found.row.competitorId));
  if (!current) return { kind: "unknown" };
  return { kind: "pending", current, next: valuesOf(found.row), expiresAt: found.row.expiresAt };
}

/** One line of the link's page: a field as it is and as it will be. */
export type ChangeRow = { field: string; current: string; next: string; changed: boolean };

const yesNo = (value: boolean) => (value ? "Yes" : "No");

/** The pending change as the link's page lists it, field by field. */
export function changeRows(current: Details, next: ChangeValues): ChangeRow[] {
  const show = (v: string | null | undefined) => v || "Not specified";
  const pairs: [string, string, string][] = [
    ["Name", `${current.firstName} ${current.lastName}`, `${next.firstName} ${next.lastName}`],
    ["Boat Name", show(current.boatName), show(next.boatName)],
    ["Boat Number", show(current.boatNumber), show(next.boatNumber)],
    ["Boat Classes", show(current.boatClasses.join(", ")), show(next.boatClasses.join(", "))],
    ["Telephone", show(current.telephone), show(next.telephone)],
    ["Email", show(current.email), next.email],
    // Ticking the box opts in; leaving it unticked keeps the driver's choice (decision 0022).
    ["Race E-mails", yesNo(current.raceEmails), yesNo(current.raceEmails || next.raceEmails)],
  ];
  return pairs.map(([field, now, after]) => ({ field, current: now, next: after, changed: now !== after }));
}

export type ConfirmOutcome =
  | { kind: "applied"; name: string; change: "updated" | "moved" }
  | { kind: "unknown" }
  | { kind: "used" }
  | { kind: "expired" }
  /** The new address was registered by someone else after the link was sent: nothing changed. */
  | { kind: "email-taken" };

class EmailTaken extends Error {}

/** Applies a confirmed change in one transaction: the record, the link (and its siblings) used, the notices. */
export async function confirmChange(db: Database, token: string, club: ClubMail): Promise<ConfirmOutcome> {
  try {
    return await db.transaction(async (tx) => {
      const found = await findPending(tx, token, true);
      if (found.kind !== "pending") return found;
      const next = valuesOf(found.row);
      const [current] = await tx
        .select({ id: competitors.id, email: competitors.email })
        .from(competitors)
        .where(eq(competitors.id, found.row.competitorId))
        .for("update");
      if (!current) return { kind: "unknown" } as const;
      const moves = (current.email ?? "").toLowerCase() !== next.email.toLowerCase();
      if (moves) {
        const [other] = await tx
          .select({ id: competitors.id })
          .from(competitors)
          .where(sql`lower(${competitors.email}) = lower(${next.email}) AND ${competitors.id} <> ${current.id}`);
        if (other) throw new EmailTaken();
      }
      const { raceEmails, ...details } = next;
      await tx
        .update(competitors)
        .set({
          ...details,
          ...(raceEmails ? { notifyResults: true, notifyReminders: true } : {}),
          pipaConsent: true,
          pipaConsentAt: sql`now()`,
          // The version shown when the change was asked for (null: asked before notices had versions).
          privacyNoticeVersion: found.row.privacyNoticeVersion,
          updatedAt: sql`now()`,
        })
        .where(eq(competitors.id, current.id));
      // Every other link for this record is spent too: an older change must not undo this one.
      await tx
        .update(pendingRegistrationChanges)
        .set({ usedAt: sql`now()` })
        .where(and(eq(pendingRegistrationChanges.competitorId, current.id), isNull(pendingRegistrationChanges.usedAt)));
      const change = moves ? "moved" : "updated";
      await enqueue(
        tx,
        registrationMessages({ competitorId: current.id, ...next, change, previousEmail: current.email }, club),
        club,
      );
      return { kind: "applied", name: `${next.firstName} ${next.lastName}`, change } as const;
    });
  } catch (error) {
    // Taken between our check and the update (the unique index decides): nothing was changed.
    if (error instanceof EmailTaken || isUniqueViolation(error)) return { kind: "email-taken" };
    throw error;
  }
}
