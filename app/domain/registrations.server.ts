/**
 * Driver registration (SPEC section 4's flow, DESIGN's rules): one transaction per save, e-mail
 * unique whatever its capitals (enforced by the unique index, not by a prior look-up), the
 * registration e-mail written to the outbox in the same transaction.
 *
 * The look-ups behind the two dialogs return only what the dialogs show: for the same e-mail the
 * public racing details; for the same name a masked e-mail address (never the full one).
 */
import { and, asc, eq, ne, or, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { competitors } from "../../db/schema";
import { maskEmail, type DriverRegistration } from "../lib/registration";
import { enqueue } from "./outbox.server";
import { registrationMessages, type ClubMail } from "./registration-email.server";
import { publicCompetitorColumns } from "./public-queries.server";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
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
  | { kind: "saved"; competitorId: number; change: "new" | "updated" | "moved" }
  | { kind: "confirm-update"; existing: ExistingByEmail }
  | { kind: "confirm-new-email"; existing: ExistingByName };

export type DriverSaveMode = "submit" | "update" | "use-new-email";

async function findByEmail(db: Reader, email: string) {
  const [row] = await db
    .select(publicCompetitorColumns)
    .from(competitors)
    .where(sql`lower(${competitors.email}) = lower(${email})`);
  return row ?? null;
}

/** Same first and last name (ignoring capitals and spaces around), with another or no e-mail. */
function sameNameOtherEmail(input: DriverRegistration) {
  return and(
    sql`lower(btrim(${competitors.firstName})) = lower(${input.firstName})`,
    sql`lower(btrim(${competitors.lastName})) = lower(${input.lastName})`,
    or(isNull(competitors.email), ne(sql`lower(${competitors.email})`, sql`lower(${input.email})`)),
  );
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

function details(input: DriverRegistration) {
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
    updatedAt: sql`now()`,
  };
}

async function notify(
  tx: Tx,
  competitorId: number,
  input: DriverRegistration,
  club: ClubMail,
  change: "new" | "updated" | "moved",
  previousEmail?: string | null,
  storedEmail: string = input.email,
) {
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
        email: storedEmail,
        change,
        previousEmail,
      },
      club,
    ),
  );
}

/** A plain submit: asks first when the e-mail or the name is already registered, else inserts. */
async function submitNew(tx: Tx, input: DriverRegistration, club: ClubMail): Promise<DriverOutcome> {
  const byEmail = await findByEmail(tx, input.email);
  if (byEmail) return confirmUpdate(byEmail);
  const [byName] = await tx
    .select({ firstName: competitors.firstName, lastName: competitors.lastName, email: competitors.email })
    .from(competitors)
    .where(sameNameOtherEmail(input))
    .orderBy(asc(competitors.id))
    .limit(1);
  if (byName) {
    return {
      kind: "confirm-new-email",
      existing: { name: `${byName.firstName} ${byName.lastName}`, maskedEmail: maskEmail(byName.email) },
    };
  }
  return insertNew(tx, input, club);
}

async function insertNew(tx: Tx, input: DriverRegistration, club: ClubMail): Promise<DriverOutcome> {
  // The unique index on lower(email) decides between simultaneous identical submissions: the
  // loser inserts nothing and is asked, like anyone else, whether to update the registration.
  const [inserted] = await tx
    .insert(competitors)
    .values({ ...details(input), email: input.email })
    .onConflictDoNothing()
    .returning({ id: competitors.id });
  if (!inserted) {
    const winner = await findByEmail(tx, input.email);
    if (!winner) throw new Error("competitor insert conflicted but no row holds the e-mail");
    return confirmUpdate(winner);
  }
  await notify(tx, inserted.id, input, club, "new");
  return { kind: "saved", competitorId: inserted.id, change: "new" };
}

/** 'Update Registration': the record with this e-mail takes the new details (or is created if it went away). */
async function updateByEmail(tx: Tx, input: DriverRegistration, club: ClubMail): Promise<DriverOutcome> {
  const d = details(input);
  const { rows } = await tx.execute<{ id: number; email: string; inserted: boolean }>(sql`
    INSERT INTO competitors (first_name, last_name, boat_name, boat_number, boat_classes, telephone, email, pipa_consent, pipa_consent_at)
    VALUES (${d.firstName}, ${d.lastName}, ${d.boatName}, ${d.boatNumber}, ${sql.param(d.boatClasses, competitors.boatClasses)},
            ${d.telephone}, ${input.email}, true, now())
    ON CONFLICT ((lower(email))) DO UPDATE SET
      first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name, boat_name = EXCLUDED.boat_name,
      boat_number = EXCLUDED.boat_number, boat_classes = EXCLUDED.boat_classes, telephone = EXCLUDED.telephone,
      pipa_consent = true, pipa_consent_at = now(), updated_at = now()
    RETURNING id, email, (xmax = 0) AS inserted
  `);
  const row = rows[0]!;
  const change = row.inserted ? "new" : "updated";
  // The address as registered: an update never changes it, only its details.
  await notify(tx, row.id, input, club, change, undefined, row.email);
  return { kind: "saved", competitorId: row.id, change };
}

/** 'Use New Email': the same-name registration moves to the new address, keeping its results. */
async function moveToNewEmail(tx: Tx, input: DriverRegistration, club: ClubMail): Promise<DriverOutcome> {
  const byEmail = await findByEmail(tx, input.email);
  if (byEmail) return confirmUpdate(byEmail);
  const [target] = await tx
    .select({ id: competitors.id, email: competitors.email })
    .from(competitors)
    .where(sameNameOtherEmail(input))
    .orderBy(asc(competitors.id))
    .limit(1)
    .for("update");
  // Changed since the dialog was shown (renamed or deleted): register the driver as new.
  if (!target) return insertNew(tx, input, club);
  await tx
    .update(competitors)
    .set({ ...details(input), email: input.email })
    .where(eq(competitors.id, target.id));
  await notify(tx, target.id, input, club, "moved", target.email);
  return { kind: "saved", competitorId: target.id, change: "moved" };
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === "23505") return true;
  }
  return false;
}

export async function registerDriver(db: Database, input: DriverRegistration, mode: DriverSaveMode, club: ClubMail): Promise<DriverOutcome> {
  const run = { submit: submitNew, update: updateByEmail, "use-new-email": moveToNewEmail }[mode];
  try {
    return await db.transaction((tx) => run(tx, input, club));
  } catch (error) {
    // Moving to an address someone registered a moment ago: ask about that registration instead.
    if (!isUniqueViolation(error)) throw error;
    const owner = await findByEmail(db, input.email);
    if (!owner) throw error;
    return confirmUpdate(owner);
  }
}
