/**
 * Driver registration (SPEC section 4's flow, DESIGN's rules): one transaction per save, e-mail
 * unique whatever its capitals (enforced by the unique index, not by a prior look-up), the
 * registration e-mail written to the outbox in the same transaction.
 *
 * The look-ups behind the two dialogs return only what the dialogs show: for the same e-mail the
 * public racing details; for the same name a masked e-mail address (never the full one).
 * A new registration saves at once; answering either dialog changes an existing record only once
 * the owner of its address confirms (registration-changes.server.ts).
 *
 * Which dialog appears is SPEC's, for everyone: the typed address on file -> 'Update Existing
 * Registration?'; the same name with another address, whatever it looks like -> 'Existing
 * Registration Found'. So a guess at the masked address is answered by the dialog, and the defence
 * against guessing is around it (decision 0042): answers about a registration are limited per
 * client (REGISTRATION_LOOKUP_LIMIT), and a submit runs the same look-ups whichever dialog follows.
 */
import { and, asc, ne, or, isNull, sql } from "drizzle-orm";
import type { Database, Tx } from "~/db/client";
import { competitors } from "~/db/schema";
import { maskEmail, type DriverRegistration } from "~/lib/registration/registration";
import { isUniqueViolation } from "~/domain/platform/db-errors.server";
import { enqueue } from "~/domain/platform/outbox.server";
import { requestChange, type ChangeRequestOutcome, type ChangeValues } from "~/domain/registration/changes.server";
import { registrationMessages } from "~/domain/registration/email.server";
import type { ClubSite } from "~/lib/platform/club";
import { publicCompetitorColumns } from "~/domain/racer/public-racer.server";
import { issueMessageLink } from "~/domain/registration/race-messages.server";
import { hit, peek, type RateLimitState } from "~/domain/platform/rate-limit.server";

type Reader = Database | Tx;

export interface ExistingByEmail {
  name: string;
  boatName: string | null;
  boatNumber: string;
  boatClasses: string[];
}

export interface ExistingByName {
  name: string;
  maskedEmail: string | null;
}

export type DriverOutcome =
  | { kind: "saved"; competitorId: number }
  | ChangeRequestOutcome
  | { kind: "confirm-update"; existing: ExistingByEmail }
  | { kind: "confirm-new-email"; existing: ExistingByName };

export type DriverSaveMode = "submit" | "update" | "use-new-email";

/**
 * Answers that show a registration (either dialog) per client address: enough for the few racers
 * who update their details from the lake's one connection, too few to try address after address.
 */
export const REGISTRATION_LOOKUP_LIMIT = { limit: 10, windowSeconds: 3600 } as const;

const lookupRule = (clientAddress: string) => ({
  key: `registration-lookup:ip:${clientAddress}`,
  ...REGISTRATION_LOOKUP_LIMIT,
});

/** Counts one answer that shows a registration; over the limit it must not be shown. */
export function countRegistrationLookup(db: Database, clientAddress: string): Promise<RateLimitState> {
  return hit(db, lookupRule(clientAddress));
}

/**
 * Whether a client that has gone over the limit may still get the answer to a dialog's button
 * ('Update Registration', 'Use New Email'): not, because that answer differs for an address that
 * is on file and one that is not. Not counted itself, so a racer's update costs one lookup.
 */
export async function lookupsLeft(db: Database, clientAddress: string): Promise<RateLimitState> {
  const state = await peek(db, lookupRule(clientAddress));
  // `peek` asks whether one more may be counted; a button answers a dialog already counted.
  return { ...state, allowed: state.count <= REGISTRATION_LOOKUP_LIMIT.limit };
}

async function findByEmail(db: Reader, email: string) {
  const [row] = await db
    .select(publicCompetitorColumns)
    .from(competitors)
    .where(sql`lower(${competitors.email}) = lower(${email})`);
  return row ?? null;
}

/** Same first and last name, ignoring capitals and spaces around. */
function sameName(input: DriverRegistration) {
  return and(
    sql`lower(btrim(${competitors.firstName})) = lower(${input.firstName})`,
    sql`lower(btrim(${competitors.lastName})) = lower(${input.lastName})`,
  );
}

/** Same name, with another or no e-mail. */
function sameNameOtherEmail(input: DriverRegistration) {
  return and(sameName(input), or(isNull(competitors.email), ne(sql`lower(${competitors.email})`, sql`lower(${input.email})`)));
}

/** The oldest same-name record with another (or no) address: the one 'Existing Registration Found' is about. */
async function findByName(tx: Tx, input: DriverRegistration, lock: boolean) {
  const query = tx
    .select({ id: competitors.id, firstName: competitors.firstName, lastName: competitors.lastName, email: competitors.email })
    .from(competitors)
    .where(sameNameOtherEmail(input))
    .orderBy(asc(competitors.id))
    .limit(1);
  const [row] = await (lock ? query.for("update") : query);
  return row ?? null;
}

function confirmUpdate(row: NonNullable<Awaited<ReturnType<typeof findByEmail>>>): DriverOutcome {
  return {
    kind: "confirm-update",
    existing: {
      name: `${row.firstName} ${row.lastName}`,
      boatName: row.boatName,
      boatNumber: row.boatNumber,
      boatClasses: row.boatClasses,
    },
  };
}

/** A registration as saved: the form's values and the privacy notice version the form linked to. */
type Registering = DriverRegistration & { noticeVersion: number };

function details(input: Registering) {
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    boatName: input.boatName ?? null,
    boatNumber: input.boatNumber,
    boatClasses: input.boatClasses,
    telephone: input.telephone ?? null,
    // Saving always records consent (SPEC section 5), with the moment it was given.
    pipaConsent: true,
    pipaConsentAt: sql`now()`,
    // The notice the form linked to, which the racer agreed to with the box.
    privacyNoticeVersion: input.noticeVersion,
    updatedAt: sql`now()`,
  };
}

async function notifyNew(tx: Tx, competitorId: number, input: DriverRegistration, club: ClubSite) {
  // Whoever opts in gets the way out at once: the preferences link rides on the welcome e-mail.
  const preferencesUrl = input.raceEmails ? (await issueMessageLink(tx, competitorId, club.siteUrl)).preferencesUrl : null;
  await enqueue(
    tx,
    registrationMessages(
      {
        competitorId,
        firstName: input.firstName,
        lastName: input.lastName,
        boatName: input.boatName ?? null,
        boatNumber: input.boatNumber,
        boatClasses: input.boatClasses,
        telephone: input.telephone ?? null,
        email: input.email,
        change: "new",
        preferencesUrl,
      },
      club,
    ),
    club,
  );
}

/**
 * A plain submit: asks first when the e-mail or the name is already registered, else inserts.
 * Both look-ups run every time, so the time taken does not tell which dialog was chosen.
 */
async function submitNew(tx: Tx, input: Registering, club: ClubSite): Promise<DriverOutcome> {
  const byEmail = await findByEmail(tx, input.email);
  const byName = await findByName(tx, input, false);
  if (byEmail) return confirmUpdate(byEmail);
  if (byName) {
    return {
      kind: "confirm-new-email",
      existing: { name: `${byName.firstName} ${byName.lastName}`, maskedEmail: maskEmail(byName.email) },
    };
  }
  return insertNew(tx, input, club);
}

async function insertNew(tx: Tx, input: Registering, club: ClubSite): Promise<DriverOutcome> {
  // The unique index on lower(email) decides between simultaneous identical submissions: the
  // loser inserts nothing and is asked, like anyone else, whether to update the registration.
  const [inserted] = await tx
    .insert(competitors)
    .values({ ...details(input), email: input.email, notifyResults: input.raceEmails, notifyReminders: input.raceEmails })
    .onConflictDoNothing()
    .returning({ id: competitors.id });
  if (!inserted) {
    const winner = await findByEmail(tx, input.email);
    if (!winner) throw new Error("competitor insert conflicted but no row holds the e-mail");
    return confirmUpdate(winner);
  }
  await notifyNew(tx, inserted.id, input, club);
  return { kind: "saved", competitorId: inserted.id };
}

/** The details a confirmed change gives the record (the address stays unless the change moves it). */
function changeValues(input: DriverRegistration, email: string): ChangeValues {
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    boatName: input.boatName ?? null,
    boatNumber: input.boatNumber,
    boatClasses: input.boatClasses,
    telephone: input.telephone ?? null,
    email,
    raceEmails: input.raceEmails,
  };
}

/**
 * 'Update Registration': knowing an address is not owning it, so the record with this e-mail only
 * changes once its owner confirms (a new registration if the record went away meanwhile).
 */
async function updateByEmail(tx: Tx, input: Registering, club: ClubSite): Promise<DriverOutcome> {
  const [target] = await tx
    .select({ id: competitors.id, email: competitors.email })
    .from(competitors)
    .where(sql`lower(${competitors.email}) = lower(${input.email})`)
    .for("update");
  // The address as registered: an update never changes its spelling, only the details.
  if (target?.email) return requestChange(tx, target.id, changeValues(input, target.email), club, input.noticeVersion);
  // No record has this address (it went away meanwhile, or the post was made up): asked afresh,
  // like a plain submit, so an address that is not on file never reaches anyone's inbox as a change.
  return submitNew(tx, input, club);
}

/**
 * 'Use New Email': the same-name registration would move to the new address, keeping its results;
 * the owner of the address on file confirms first.
 */
async function moveToNewEmail(tx: Tx, input: Registering, club: ClubSite): Promise<DriverOutcome> {
  const [onFile] = await tx
    .select({ ...publicCompetitorColumns, email: competitors.email, own: sql<boolean>`coalesce(${sameName(input)}, false)` })
    .from(competitors)
    .where(sql`lower(${competitors.email}) = lower(${input.email})`)
    .for("update");
  // Looked up whatever the address, so the answer takes as long for the address on file as for another.
  const target = await findByName(tx, input, true);
  // The racer's own address: nothing to move, so an update, asked of that address with the notice
  // a move gets (a made-up post with the address on file learns nothing a wrong one does not).
  if (onFile?.own && onFile.email)
    return requestChange(tx, onFile.id, changeValues(input, onFile.email), club, input.noticeVersion);
  // Another racer's address: asked about that registration, as on a plain submit.
  if (onFile) return confirmUpdate(onFile);
  // Changed since the dialog was shown (renamed or deleted): register the driver as new.
  if (!target) return insertNew(tx, input, club);
  return requestChange(tx, target.id, changeValues(input, input.email), club, input.noticeVersion);
}

export async function registerDriver(
  db: Database,
  input: DriverRegistration,
  mode: DriverSaveMode,
  club: ClubSite,
  noticeVersion: number,
): Promise<DriverOutcome> {
  const run = { submit: submitNew, update: updateByEmail, "use-new-email": moveToNewEmail }[mode];
  try {
    return await db.transaction((tx) => run(tx, { ...input, noticeVersion }, club));
  } catch (error) {
    // Moving to an address someone registered a moment ago: ask about that registration instead.
    if (!isUniqueViolation(error)) throw error;
    const owner = await findByEmail(db, input.email);
    if (!owner) throw error;
    return confirmUpdate(owner);
  }
}
