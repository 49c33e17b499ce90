/**
 * Duty swaps (issue 36 item 2, decision 0058): someone on duty asks another member, chosen from the
 * race's entrants or every racer with an e-mail, to take it over. The member gets an e-mail with a
 * private link (only its SHA-256 kept) that works once, until the end of race day. The roster
 * changes only when they accept, in one transaction that locks the swap and the asker's place:
 * refused when the asker is no longer on that duty, the link was used or has expired. Either
 * answer is e-mailed to the asker and audited.
 */
import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Database, Tx } from "~/db/client";
import { competitors, dutyPlaces, dutySwaps, raceDuties, races } from "~/db/schema";
import { recordAudit, type AuditActor } from "~/domain/platform/audit.server";
import { isUniqueViolation } from "~/domain/platform/db-errors.server";
import { enqueue } from "~/domain/platform/outbox.server";
import { hashToken, newToken } from "~/domain/platform/tokens.server";
import { erasedRacer } from "~/domain/racer/erased.server";
import { byCompetitorName } from "~/domain/racer/competitor-order.server";
import { linkRacer } from "~/domain/race-day/duties.server";
import { dutySwapPath, swapAnsweredMessage, swapRequestMessage } from "~/lib/race-day/duty-messages";
import type { ClubSite } from "~/lib/platform/club";

type Reader = Database | Tx;

export interface SwapCandidates {
  entrants: { id: number; name: string }[];
  others: { id: number; name: string }[];
}

/** Whom a racer on duty may ask: every racer with an e-mail, not erased, not on duty at this race; the race's entrants first. */
export async function swapCandidates(db: Reader, raceId: number, askerId: number): Promise<SwapCandidates> {
  const rows = await db
    .select({
      id: competitors.id,
      name: sql<string>`${competitors.firstName} || ' ' || ${competitors.lastName}`,
      entrant: sql<boolean>`EXISTS (SELECT 1 FROM race_registrations g WHERE g.race_id = ${raceId} AND g.competitor_id = ${competitors.id})`,
    })
    .from(competitors)
    .where(
      and(
        isNotNull(competitors.email),
        sql`${competitors.id} <> ${askerId}`,
        sql`NOT ${erasedRacer(competitors.id)}`,
        sql`NOT EXISTS (SELECT 1 FROM duty_places p WHERE p.race_id = ${raceId} AND p.competitor_id = ${competitors.id})`,
      ),
    )
    .orderBy(...byCompetitorName());
  return {
    entrants: rows.filter((r) => r.entrant).map(({ id, name }) => ({ id, name })),
    others: rows.filter((r) => !r.entrant).map(({ id, name }) => ({ id, name })),
  };
}

export type AskOutcome =
  | { kind: "asked"; name: string }
  | { kind: "closed" }
  | { kind: "not-on-duty" }
  | { kind: "nobody" }
  | { kind: "busy"; name: string };

/** The end of the race's day on the club's clock: when a swap's link stops working. */
const endOfRaceDay = (raceId: number, timeZone: string) =>
  sql`(SELECT (date + 1)::timestamp AT TIME ZONE ${timeZone} FROM races WHERE id = ${raceId})`;

export async function askSwap(
  db: Database,
  input: { token: string; askedId: number; today: string; timeZone: string },
  club: ClubSite,
  actor: AuditActor,
): Promise<AskOutcome> {
  return db.transaction(async (tx) => {
    const racer = await linkRacer(tx, input.token, input.today);
    if (!racer) return { kind: "closed" } as const;
    const [place] = await tx
      .select({ dutyId: dutyPlaces.dutyId, duty: raceDuties.name })
      .from(dutyPlaces)
      .innerJoin(raceDuties, eq(raceDuties.id, dutyPlaces.dutyId))
      .where(and(eq(dutyPlaces.raceId, racer.raceId), eq(dutyPlaces.competitorId, racer.competitorId)))
      .for("update", { of: dutyPlaces });
    if (!place) return { kind: "not-on-duty" } as const;
    const candidates = await swapCandidates(tx, racer.raceId, racer.competitorId);
    const asked = [...candidates.entrants, ...candidates.others].find((c) => c.id === input.askedId);
    if (!asked) {
      const [busy] = await tx
        .select({ name: sql<string>`${competitors.firstName} || ' ' || ${competitors.lastName}` })
        .from(dutyPlaces)
        .innerJoin(competitors, eq(competitors.id, dutyPlaces.competitorId))
        .where(and(eq(dutyPlaces.raceId, racer.raceId), eq(dutyPlaces.competitorId, input.askedId)));
      return busy && input.askedId !== racer.competitorId ? { kind: "busy", name: busy.name } : { kind: "nobody" };
    }
    const [contact] = await tx
      .select({ email: competitors.email, firstName: competitors.firstName })
      .from(competitors)
      .where(eq(competitors.id, asked.id));
    // One request at a time per duty: a new one replaces the one still waiting (its link stops working).
    await tx.execute(sql`
      UPDATE duty_swaps SET answer = 'replaced', answered_at = now()
       WHERE duty_id = ${place.dutyId} AND asker_id = ${racer.competitorId} AND answer IS NULL`);
    const token = newToken();
    const [swap] = await tx
      .insert(dutySwaps)
      .values({
        dutyId: place.dutyId,
        raceId: racer.raceId,
        askerId: racer.competitorId,
        competitorId: asked.id,
        tokenHash: hashToken(token),
        expiresAt: endOfRaceDay(racer.raceId, input.timeZone),
      })
      .returning({ id: dutySwaps.id });
    await enqueue(
      tx,
      [
        {
          kind: "duty-swap",
          to: contact!.email!,
          ...swapRequestMessage({
            clubName: club.clubName,
            clubEmail: club.clubEmail,
            firstName: contact!.firstName,
            asker: racer.name,
            duty: place.duty,
            race: racer,
            url: `${club.siteUrl}${dutySwapPath(token)}`,
          }),
        },
      ],
      club,
    );
    await recordAudit(tx, {
      actor,
      kind: "duty.swap-ask",
      record: { type: "race", id: racer.raceId },
      changes: {
        [`swap ${swap!.id}`]: {
          before: null,
          after: `duty ${place.dutyId}: competitor ${racer.competitorId} asks competitor ${asked.id}`,
        },
      },
    });
    return { kind: "asked", name: asked.name } as const;
  });
}

export type SwapView =
  { kind: "open"; asker: string; duty: string; race: string } | { kind: "unknown" } | { kind: "used" } | { kind: "expired" };

async function swapByToken(db: Reader, token: string, lock: boolean) {
  const query = db
    .select({
      id: dutySwaps.id,
      dutyId: dutySwaps.dutyId,
      raceId: dutySwaps.raceId,
      askerId: dutySwaps.askerId,
      askedId: dutySwaps.competitorId,
      answer: dutySwaps.answer,
      expired: sql<boolean>`${dutySwaps.expiresAt} <= now()`,
      duty: raceDuties.name,
      title: races.title,
      date: races.date,
      location: races.location,
    })
    .from(dutySwaps)
    .innerJoin(raceDuties, eq(raceDuties.id, dutySwaps.dutyId))
    .innerJoin(races, eq(races.id, dutySwaps.raceId))
    .where(eq(dutySwaps.tokenHash, hashToken(token)));
  const [row] = await (lock ? query.for("update", { of: dutySwaps }) : query);
  return row ?? null;
}

async function person(db: Reader, id: number) {
  const [row] = await db
    .select({ firstName: competitors.firstName, lastName: competitors.lastName, email: competitors.email })
    .from(competitors)
    .where(eq(competitors.id, id));
  return row ? { ...row, name: `${row.firstName} ${row.lastName}` } : null;
}

/** What the swap link's page shows. Reads only: mail scanners open links. */
export async function viewSwap(db: Database, token: string): Promise<SwapView> {
  const swap = await swapByToken(db, token, false);
  if (!swap) return { kind: "unknown" };
  if (swap.answer) return { kind: "used" };
  if (swap.expired) return { kind: "expired" };
  const asker = await person(db, swap.askerId);
  return { kind: "open", asker: asker?.name ?? "", duty: swap.duty, race: swap.title };
}

export type AnswerOutcome =
  | { kind: "accepted"; duty: string; race: string }
  | { kind: "declined"; asker: string }
  | { kind: "unknown" }
  | { kind: "used" }
  | { kind: "expired" }
  | { kind: "asker-gone" }
  | { kind: "busy" };

/** Accepts or declines a swap by its link: once, before it expires; an accept moves the place in the same transaction. */
export async function answerSwap(
  db: Database,
  input: { token: string; accept: boolean },
  club: ClubSite,
  actor: AuditActor,
): Promise<AnswerOutcome> {
  try {
    return await db.transaction((tx) => answerIn(tx, input, club, actor));
  } catch (error) {
    // The member took another duty of this race at the same moment (one duty per racer and race).
    if (isUniqueViolation(error)) return { kind: "busy" };
    throw error;
  }
}

async function answerIn(tx: Tx, input: { token: string; accept: boolean }, club: ClubSite, actor: AuditActor) {
  const swap = await swapByToken(tx, input.token, true);
  if (!swap) return { kind: "unknown" } as const;
  if (swap.answer) return { kind: "used" } as const;
  if (swap.expired) return { kind: "expired" } as const;
  const [asker, asked] = [await person(tx, swap.askerId), await person(tx, swap.askedId)];
  if (input.accept) {
    const [place] = await tx
      .select({ dutyId: dutyPlaces.dutyId })
      .from(dutyPlaces)
      .where(and(eq(dutyPlaces.dutyId, swap.dutyId), eq(dutyPlaces.competitorId, swap.askerId)))
      .for("update");
    if (!place) return { kind: "asker-gone" } as const;
    const [busy] = await tx
      .select({ id: dutyPlaces.dutyId })
      .from(dutyPlaces)
      .where(and(eq(dutyPlaces.raceId, swap.raceId), eq(dutyPlaces.competitorId, swap.askedId)));
    if (busy) return { kind: "busy" } as const;
    await tx
      .update(dutyPlaces)
      .set({ competitorId: swap.askedId, takenVia: "swap", takenAt: sql`now()`, weekReminderAt: null, dayReminderAt: null })
      .where(and(eq(dutyPlaces.dutyId, swap.dutyId), eq(dutyPlaces.competitorId, swap.askerId)));
    // Other requests the asker made for this place have nothing left to hand over.
    await tx.execute(sql`
      UPDATE duty_swaps SET answer = 'replaced', answered_at = now()
       WHERE duty_id = ${swap.dutyId} AND asker_id = ${swap.askerId} AND answer IS NULL AND id <> ${swap.id}`);
  }
  const answer = input.accept ? "accepted" : "declined";
  await tx
    .update(dutySwaps)
    .set({ answer, answeredAt: sql`now()` })
    .where(eq(dutySwaps.id, swap.id));
  if (asker?.email) {
    await enqueue(
      tx,
      [
        {
          kind: "duty-swap-answer",
          to: asker.email,
          ...swapAnsweredMessage({
            clubName: club.clubName,
            clubEmail: club.clubEmail,
            firstName: asker.firstName,
            other: asked?.name ?? "",
            duty: swap.duty,
            race: swap,
            accepted: input.accept,
          }),
        },
      ],
      club,
    );
  }
  await recordAudit(tx, {
    actor,
    kind: "duty.swap-answer",
    record: { type: "race", id: swap.raceId },
    changes: { [`swap ${swap.id}`]: { before: null, after: answer } },
  });
  return input.accept
    ? ({ kind: "accepted", duty: swap.duty, race: swap.title } as const)
    : ({ kind: "declined", asker: asker?.name ?? "" } as const);
}
