/**
 * News notices (issue 24 item 3): the public reads (the list, a notice, the feed, the home page's
 * pinned notices, a race's notices) and the admin's writes, each audited in its transaction.
 * The body is stored exactly as typed; pages format it with app/lib/news/format.tsx.
 */
import { and, count, desc, eq, gte, isNotNull, sql } from "drizzle-orm";
import type { Database } from "~/db/client";
import { news, races } from "~/db/schema";
import { NO_ACTOR, recordAudit, type AuditActor } from "~/domain/platform/audit.server";
import { diffFields } from "~/lib/platform/audit";
import type { NewsInput } from "~/lib/news/news-schema";

export interface Notice {
  id: number;
  title: string;
  body: string;
  publishedAt: Date;
  updatedAt: Date;
  pinnedUntil: string | null;
  race: { id: number; title: string; date: string } | null;
}

const noticeColumns = {
  id: news.id,
  title: news.title,
  body: news.body,
  publishedAt: news.publishedAt,
  updatedAt: news.updatedAt,
  pinnedUntil: news.pinnedUntil,
  raceId: races.id,
  raceTitle: races.title,
  raceDate: races.date,
};

type NoticeRow = { [K in keyof typeof noticeColumns]: (typeof noticeColumns)[K]["_"]["data"] | null };

function toNotice(row: NoticeRow): Notice {
  return {
    id: row.id!,
    title: row.title!,
    body: row.body!,
    publishedAt: row.publishedAt!,
    updatedAt: row.updatedAt!,
    pinnedUntil: row.pinnedUntil,
    race: row.raceId !== null ? { id: row.raceId, title: row.raceTitle!, date: row.raceDate! } : null,
  };
}

function selectNotices(db: Database) {
  return db.select(noticeColumns).from(news).leftJoin(races, eq(races.id, news.raceId));
}

const NEWEST_FIRST = [desc(news.publishedAt), desc(news.id)] as const;

/** One page of notices, newest first, and how many there are in all. */
export async function newsPage(db: Database, { limit, offset }: { limit: number; offset: number }) {
  const [rows, [total]] = await Promise.all([
    selectNotices(db)
      .orderBy(...NEWEST_FIRST)
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(news),
  ]);
  return { notices: rows.map(toNotice), total: total?.n ?? 0 };
}

export async function getNotice(db: Database, id: number): Promise<Notice | null> {
  const [row] = await selectNotices(db).where(eq(news.id, id));
  return row ? toNotice(row) : null;
}

/** The notices pinned to the home page on the club's `today` (their last day included), newest first. */
export async function pinnedNotices(db: Database, today: string, limit = 3): Promise<Notice[]> {
  const rows = await selectNotices(db)
    .where(and(isNotNull(news.pinnedUntil), gte(news.pinnedUntil, today)))
    .orderBy(...NEWEST_FIRST)
    .limit(limit);
  return rows.map(toNotice);
}

/** The notices tied to a race, newest first (its page shows them). */
export async function raceNotices(db: Database, raceId: number): Promise<Notice[]> {
  const rows = await selectNotices(db)
    .where(eq(news.raceId, raceId))
    .orderBy(...NEWEST_FIRST)
    .limit(10);
  return rows.map(toNotice);
}

/** The races a notice may be tied to, newest first (the admin form's list). */
export async function raceChoices(db: Database) {
  return db.select({ id: races.id, title: races.title, date: races.date }).from(races).orderBy(desc(races.date), desc(races.id));
}

/** What the audit log records of a notice. */
const auditedNotice = { title: news.title, body: news.body, pinnedUntil: news.pinnedUntil, raceId: news.raceId };

export type SaveNoticeOutcome =
  { ok: true; id: number; created: boolean } | { ok: false; field: "raceId" | null; message: string; status: 404 | 409 };

/** Creates (publishing it now, by this admin) or updates a notice. */
export async function saveNotice(db: Database, input: NewsInput, actor: AuditActor = NO_ACTOR): Promise<SaveNoticeOutcome> {
  const values = {
    title: input.title,
    // Stored as typed (line breaks normalised): the formatting is read when a page renders it.
    body: input.body.replace(/\r\n?/g, "\n"),
    pinnedUntil: input.pinnedUntil || null,
    raceId: input.raceId ?? null,
  };
  return db.transaction(async (tx) => {
    if (values.raceId !== null) {
      // Held until the transaction ends, so the race cannot go between this check and the write.
      const [race] = await tx.select({ id: races.id }).from(races).where(eq(races.id, values.raceId)).for("share");
      if (!race) return { ok: false, field: "raceId", message: "This race no longer exists.", status: 409 } as const;
    }
    if (input.id) {
      const [before] = await tx.select(auditedNotice).from(news).where(eq(news.id, input.id)).for("update");
      if (!before) return { ok: false, field: null, message: "This notice no longer exists.", status: 404 } as const;
      await tx
        .update(news)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(news.id, input.id));
      const changes = diffFields(before, values);
      await recordAudit(tx, { actor, kind: "news.update", record: { type: "news", id: input.id }, changes });
      return { ok: true, id: input.id, created: false } as const;
    }
    const [row] = await tx
      .insert(news)
      .values({ ...values, adminId: actor.adminId })
      .returning({ id: news.id });
    await recordAudit(tx, {
      actor,
      kind: "news.create",
      record: { type: "news", id: row!.id },
      changes: diffFields(null, values),
    });
    return { ok: true, id: row!.id, created: true } as const;
  });
}

/** Deletes a notice; false when it was already gone. */
export async function deleteNotice(db: Database, id: number, actor: AuditActor = NO_ACTOR): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [before] = await tx.delete(news).where(eq(news.id, id)).returning(auditedNotice);
    if (!before) return false;
    await recordAudit(tx, { actor, kind: "news.delete", record: { type: "news", id }, changes: diffFields(before, null) });
    return true;
  });
}
