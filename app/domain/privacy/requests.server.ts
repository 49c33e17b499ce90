/**
 * Privacy requests (table privacy_requests, migration 0034): recorded here when a racer uses the
 * e-mailed link; the owner's screen (issue 35 item 4) lists and answers them. A request through
 * the link has its identity confirmed when it is made (the link proved the address on file), so
 * its 45 days start at once.
 */
import { sql } from "drizzle-orm";
import type { Database, Tx } from "~/db/client";
import { privacyRequests } from "~/db/schema";
import { recordAudit, type AuditActor } from "~/domain/platform/audit.server";
import { eraseRacer } from "~/domain/privacy/erasure.server";
import { requestChange, type ChangeRequestOutcome } from "~/domain/registration/changes.server";
import type { DriverRegistration } from "~/lib/registration/registration-forms";
import type { ClubSite } from "~/lib/platform/club";
import { answerDue, IDENTIFIED_BY_LINK, type RequestKind } from "~/lib/privacy/requests";
import { RETENTION } from "~/lib/platform/retention";
import { CURRENT_NOTICE } from "~/lib/privacy/notice";

/** A request made through the link, by the racer on `address`; `done`: answered at once (an access by the link is). */
export async function recordLinkRequest(
  tx: Tx,
  {
    competitorId,
    kind,
    done,
    note,
    address,
  }: { competitorId: number; kind: RequestKind; done: boolean; note: string; address: string },
): Promise<number> {
  const now = new Date();
  const [row] = await tx
    .insert(privacyRequests)
    .values({
      competitorId,
      kind,
      source: "link",
      identifiedBy: IDENTIFIED_BY_LINK,
      receivedAt: now,
      identityConfirmedAt: now,
      dueAt: answerDue(now),
      status: done ? "done" : "open",
      handledAt: done ? now : null,
      note,
    })
    .returning({ id: privacyRequests.id });
  await recordAudit(tx, {
    actor: racerActor(address),
    kind: "privacy.request",
    record: { type: "competitor", id: competitorId },
    changes: { request: { before: null, after: `${kind} by link${done ? ", answered at once" : ""} (request ${row!.id})` } },
  });
  return row!.id;
}

/** The racer acting through their link: no admin; their client address, as for every public write the log keeps. */
export function racerActor(address: string): AuditActor {
  return { adminId: null, username: null, address };
}

/**
 * "Correct my details" from the data page: through the registration's own change flow (decision
 * 0008), so the change is made when the owner of the address on file confirms it, and consent is
 * given again with it. The request is recorded as answered: the club's part is done once the
 * confirmation link is on its way.
 */
export async function requestCorrection(
  db: Database,
  competitorId: number,
  input: DriverRegistration,
  { address, club }: { address: string; club: ClubSite },
): Promise<ChangeRequestOutcome> {
  return db.transaction(async (tx) => {
    const outcome = await requestChange(
      tx,
      competitorId,
      {
        firstName: input.firstName,
        lastName: input.lastName,
        boatName: input.boatName ?? null,
        boatNumber: input.boatNumber,
        boatClasses: input.boatClasses,
        telephone: input.telephone ?? null,
        email: input.email,
        raceEmails: input.raceEmails,
      },
      club,
      CURRENT_NOTICE.version,
    );
    if (outcome.kind === "confirmation-sent") {
      await recordLinkRequest(tx, {
        competitorId,
        kind: "correction",
        done: true,
        note: "Sent to the address on file for the racer to confirm.",
        address,
      });
    }
    return outcome;
  });
}

export type ErasureOutcome = { kind: "erased"; requestId: number; label: string } | { kind: "not-found" };

/**
 * "Erase my record" from the data page: the racer confirmed it there, through the link that proved
 * the address on file, so the erasure is made at once (eraseRacer, decision 0053) and the request
 * recorded as answered, in one transaction. The viewing session goes with the racer's links.
 */
export async function requestErasure(
  db: Database,
  competitorId: number,
  { address }: { address: string },
): Promise<ErasureOutcome> {
  return db.transaction(async (tx) => {
    const erased = await eraseRacer(tx, competitorId, { actor: racerActor(address) });
    if (!erased.ok) return { kind: "not-found" };
    const requestId = await recordLinkRequest(tx, {
      competitorId,
      kind: "erasure",
      done: true,
      note: `Erased from the data page; results kept as ${erased.label}.`,
      address,
    });
    return { kind: "erased", requestId, label: erased.label };
  });
}

/**
 * Retention (app/lib/platform/retention.ts): answered requests go RETENTION.privacyRequestYears after
 * their answer; spent or expired "my data" links a day after they could last be used.
 */
export async function prunePrivacy(db: Database): Promise<void> {
  await db.execute(sql`
    DELETE FROM privacy_requests
    WHERE status <> 'open' AND handled_at < now() - make_interval(years => ${RETENTION.privacyRequestYears})
  `);
  await db.execute(sql`
    DELETE FROM privacy_links
    WHERE expires_at < now() - interval '1 day' AND (session_expires_at IS NULL OR session_expires_at < now() - interval '1 day')
  `);
}
