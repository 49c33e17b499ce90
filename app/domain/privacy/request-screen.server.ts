/**
 * The owner's privacy requests (issue 35 item 4): the list with due dates, a request made on paper,
 * an extension, an answer, the erasure and the export for a request, each in one transaction with
 * its audit entry. The entries name the racer's record (never a value of it), so an erasure blanks
 * them like the rest of the racer's history (decision 0053).
 *
 * Days are the club's calendar days: a paper request's identity is confirmed at noon, club time, on
 * the day the owner gives, and an extension runs to noon of its day, so no time zone moves a date.
 */
import { sql } from "drizzle-orm";
import type { Database, Tx } from "~/db/client";
import { privacyRequests } from "~/db/schema";
import { recordAudit, type AuditActor } from "~/domain/platform/audit.server";
import { eraseRacer } from "~/domain/privacy/erasure.server";
import { erasedRacer } from "~/domain/racer/erased.server";
import { racerData } from "~/domain/privacy/my-data.server";
import { ANSWER_DAYS, type RequestKind } from "~/lib/privacy/requests";
import { confirmedOnProblem, extensionProblem, requestsToWarn, type RequestView } from "~/lib/privacy/request-forms";
import type { RacerData } from "~/lib/privacy/my-data";

/** Noon on a club day, as an instant (SQL). */
const noonOn = (day: string, timeZone: string) => sql`((${day}::date + time '12:00') AT TIME ZONE ${timeZone})`;
/** An instant's club day, "yyyy-MM-dd" (SQL). */
const clubDay = (column: ReturnType<typeof sql>, timeZone: string) =>
  sql`to_char((${column}) AT TIME ZONE ${timeZone}, 'YYYY-MM-DD')`;

const MAX_NOTE = 2000;

type Row = Omit<RequestView, "handledBy"> & { handledByName: string | null; handledById: number | null };

async function selectRequests(db: Database | Tx, timeZone: string, where = sql`true`): Promise<RequestView[]> {
  const { rows } = await db.execute<Row & Record<string, unknown>>(sql`
    SELECT p.id::int AS id, p.kind, p.source, p.status, p.competitor_id AS "competitorId",
      coalesce(c.first_name || ' ' || c.last_name, '(record deleted)') AS racer,
      coalesce(${erasedRacer(sql`p.competitor_id`)}, false) AS erased,
      p.identified_by AS "identifiedBy",
      ${clubDay(sql`p.received_at`, timeZone)} AS received,
      ${clubDay(sql`coalesce(p.identity_confirmed_at, p.received_at)`, timeZone)} AS confirmed,
      CASE WHEN p.extended_until IS NULL THEN NULL ELSE ${clubDay(sql`p.extended_until`, timeZone)} END AS "extendedUntil",
      p.handled_by AS "handledById", a.username AS "handledByName",
      CASE WHEN p.handled_at IS NULL THEN NULL ELSE ${clubDay(sql`p.handled_at`, timeZone)} END AS handled,
      p.note
    FROM privacy_requests p
    LEFT JOIN competitors c ON c.id = p.competitor_id
    LEFT JOIN admins a ON a.id = p.handled_by
    WHERE ${where}
    ORDER BY (p.status = 'open') DESC, p.received_at DESC, p.id DESC
  `);
  return rows.map(({ handledByName, handledById, ...r }) => ({
    ...r,
    handledBy:
      r.status === "open" && handledById === null
        ? null
        : (handledByName ?? (handledById === null ? "The racer, through the e-mailed link" : "An admin since removed")),
  }));
}

/** Open requests first, then the answered ones (kept RETENTION.privacyRequestYears), newest first. */
export function listRequests(db: Database, timeZone: string): Promise<RequestView[]> {
  return selectRequests(db, timeZone);
}

/** The open requests the overview warns owners about: due within WARN_DAYS, or overdue. */
export async function requestsDueSoon(db: Database, timeZone: string, today: string): Promise<RequestView[]> {
  return requestsToWarn(await selectRequests(db, timeZone, sql`p.status = 'open'`), today);
}

export type ScreenOutcome = { ok: true; id: number } | { ok: false; status: 400 | 404 | 409; message: string };

const notFound: ScreenOutcome = { ok: false, status: 404, message: "This request no longer exists." };

/** A request made on paper: the owner confirmed who the person is on `confirmedOn`; the 45 days run from then. */
export async function addPaperRequest(
  db: Database,
  input: { kind: RequestKind; competitorId: number; identifiedBy: string; confirmedOn: string },
  { timeZone, today, actor }: { timeZone: string; today: string; actor: AuditActor },
): Promise<ScreenOutcome> {
  const problem = confirmedOnProblem(input.confirmedOn, today);
  if (problem) return { ok: false, status: 400, message: problem };
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: number }>(sql`
      SELECT id FROM competitors c WHERE c.id = ${input.competitorId} AND NOT ${erasedRacer(sql`c.id`)} FOR SHARE
    `);
    if (!rows[0]) return { ok: false as const, status: 404 as const, message: "This racer no longer exists or was erased." };
    const confirmed = noonOn(input.confirmedOn, timeZone);
    const [row] = await tx
      .insert(privacyRequests)
      .values({
        competitorId: input.competitorId,
        kind: input.kind,
        source: "paper",
        identifiedBy: input.identifiedBy,
        identityConfirmedAt: confirmed,
        dueAt: sql`${confirmed} + make_interval(days => ${ANSWER_DAYS})`,
      })
      .returning({ id: privacyRequests.id });
    await audit(tx, actor, input.competitorId, "privacy.request", `${input.kind} on paper (request ${row!.id})`);
    return { ok: true as const, id: row!.id };
  });
}

interface LockedRequest {
  id: number;
  kind: RequestKind;
  status: string;
  competitorId: number | null;
  note: string;
  confirmed: string;
  extendedUntil: string | null;
}

async function lockRequest(tx: Tx, requestId: number, timeZone: string): Promise<LockedRequest | null> {
  const { rows } = await tx.execute<LockedRequest & Record<string, unknown>>(sql`
    SELECT id::int AS id, kind, status, competitor_id AS "competitorId", note,
      ${clubDay(sql`coalesce(identity_confirmed_at, received_at)`, timeZone)} AS confirmed,
      CASE WHEN extended_until IS NULL THEN NULL ELSE ${clubDay(sql`extended_until`, timeZone)} END AS "extendedUntil"
    FROM privacy_requests WHERE id = ${requestId} FOR UPDATE
  `);
  return rows[0] ?? null;
}

/** The request's note with one more line; null when it would be longer than the column allows. */
function withLine(note: string, line: string): string | null {
  const next = note ? `${note}\n${line}` : line;
  return next.length > MAX_NOTE ? null : next;
}

const tooLong: ScreenOutcome = { ok: false, status: 400, message: `The request's notes would be over ${MAX_NOTE} characters.` };

/**
 * More time for a complex request (PIPA s. 20): a new due date up to EXTENSION_DAYS past the 45,
 * with how the person was told, kept in the request's note.
 */
export async function extendRequest(
  db: Database,
  { requestId, until, note }: { requestId: number; until: string; note: string },
  { timeZone, actor, show = (d: string) => d }: { timeZone: string; actor: AuditActor; show?: (day: string) => string },
): Promise<ScreenOutcome> {
  return db.transaction(async (tx) => {
    const request = await lockRequest(tx, requestId, timeZone);
    if (!request) return notFound;
    if (request.status !== "open") return { ok: false, status: 409, message: "This request has already been answered." };
    const problem = extensionProblem(request.confirmed, request.extendedUntil, until, show);
    if (problem) return { ok: false, status: 400, message: problem };
    const next = withLine(request.note, `Extended to ${show(until)}; the person was told: ${note}`);
    if (next === null) return tooLong;
    await tx.execute(sql`
      UPDATE privacy_requests SET extended_until = ${noonOn(until, timeZone)}, note = ${next} WHERE id = ${requestId}
    `);
    await audit(tx, actor, request.competitorId, "privacy.request-update", `request ${requestId} extended to ${until}`);
    return { ok: true, id: requestId };
  });
}

async function closeRequest(
  tx: Tx,
  request: LockedRequest,
  { status, line, actor }: { status: "done" | "refused"; line: string | null; actor: AuditActor },
): Promise<ScreenOutcome> {
  const next = line ? withLine(request.note, line) : request.note;
  if (next === null) return tooLong;
  await tx.execute(sql`
    UPDATE privacy_requests SET status = ${status}, handled_by = ${actor.adminId}, handled_at = now(), note = ${next}
    WHERE id = ${request.id}
  `);
  await audit(tx, actor, request.competitorId, "privacy.request-update", `request ${request.id} ${status}`);
  return { ok: true, id: request.id };
}

/** The answer: done (with an optional note of what was done) or refused (with why). */
export async function answerRequest(
  db: Database,
  { requestId, status, note }: { requestId: number; status: "done" | "refused"; note: string | undefined },
  { timeZone, actor }: { timeZone: string; actor: AuditActor },
): Promise<ScreenOutcome> {
  return db.transaction(async (tx) => {
    const request = await lockRequest(tx, requestId, timeZone);
    if (!request) return notFound;
    if (request.status !== "open") return { ok: false, status: 409, message: "This request has already been answered." };
    return closeRequest(tx, request, { status, line: note ? `${status === "done" ? "Done" : "Refused"}: ${note}` : null, actor });
  });
}

export type EraseForRequestOutcome =
  { ok: true; label: string; alreadyErased: boolean } | { ok: false; status: 404 | 409; message: string };

/**
 * The same erasure the racer's own page makes (eraseRacer), for one who asked on paper; with
 * `requestId`, their open erasure request is answered in the same transaction.
 */
export async function eraseForRequest(
  db: Database,
  { competitorId, requestId }: { competitorId: number; requestId: number | null },
  { timeZone, actor }: { timeZone: string; actor: AuditActor },
): Promise<EraseForRequestOutcome> {
  return db.transaction(async (tx) => {
    const request = requestId === null ? null : await lockRequest(tx, requestId, timeZone);
    if (requestId !== null) {
      if (!request || request.kind !== "erasure" || request.competitorId !== competitorId)
        return { ok: false as const, status: 404 as const, message: "This erasure request no longer exists." };
      if (request.status !== "open")
        return { ok: false as const, status: 409 as const, message: "This request has already been answered." };
    }
    const erased = await eraseRacer(tx, competitorId, { actor });
    if (!erased.ok) return { ok: false as const, status: 404 as const, message: "This racer no longer exists." };
    if (request) {
      const closed = await closeRequest(tx, request, {
        status: "done",
        line: `Erased; the results show as ${erased.label}.`,
        actor,
      });
      if (!closed.ok) throw new Error(closed.message);
    }
    return { ok: true as const, label: erased.label, alreadyErased: erased.alreadyErased };
  });
}

/**
 * The racer's data for an owner answering an access request: the same racerData the racer's own
 * page and downloads read. Each download is audited; a request for an erased or deleted record has
 * nothing left to give.
 */
export async function exportForRequest(
  db: Database,
  requestId: number,
  { file, actor }: { file: string; actor: AuditActor },
): Promise<RacerData | null> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ competitorId: number }>(sql`
      SELECT p.competitor_id AS "competitorId" FROM privacy_requests p
      WHERE p.id = ${requestId} AND p.kind = 'access' AND p.competitor_id IS NOT NULL
        AND NOT ${erasedRacer(sql`p.competitor_id`)}
    `);
    const competitorId = rows[0]?.competitorId;
    if (competitorId === undefined) return null;
    const found = await racerData(tx, competitorId);
    if (found) await audit(tx, actor, competitorId, "privacy.export", `${file} for request ${requestId}`);
    return found;
  });
}

function audit(
  tx: Tx,
  actor: AuditActor,
  competitorId: number | null,
  kind: "privacy.request" | "privacy.request-update" | "privacy.export",
  what: string,
) {
  return recordAudit(tx, {
    actor,
    kind,
    record: competitorId === null ? null : { type: "competitor", id: competitorId },
    changes: { request: { before: null, after: what } },
  });
}
