/**
 * The club's background tasks (server/club-tasks.ts): on their timers, each does its work with the
 * club as it is at that run and logs what it did; one that fails logs "<name> failed" and leaves
 * the others running. The tasks run here at once and every 50 ms (the timings are theirs, a list);
 * the database is real (faked timers would also fire the database pool's own).
 */
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { dutyPlaces, outboxMessages, raceDuties } from "~/db/schema";
import { todayInZone } from "~/lib/util/dates";
import { CLUB_TASKS, scheduleClubTasks, type ClubNow, type ClubTask } from "~/server/club-tasks";
import { useTestDatabase } from "../support/database";
import { createCompetitor, createRace } from "../support/factories";
import { CLUB } from "../support/routes";
import { inDays } from "../support/club-days";

const { db } = await useTestDatabase();
const today = todayInZone(CLUB.timeZone);
const now: ClubNow = {
  club: { clubName: "Test Club", clubEmail: "info@example.org", siteUrl: "http://localhost" },
  timeZone: CLUB.timeZone,
  today,
  inactiveYears: 3,
};
/** The club's tasks at once and every 50 ms, each run's task name written to `ran`. */
const soon = (ran: string[]): ClubTask[] =>
  CLUB_TASKS.map((task) => ({
    ...task,
    firstAfterMs: 0,
    everyMs: 50,
    run: (db, now) => {
      ran.push(task.name);
      return task.run(db, now);
    },
  }));
/** Until every task has run at least twice (a slow machine may need a while). */
const twice = (ran: () => string[]) =>
  vi.waitFor(
    () => {
      for (const task of CLUB_TASKS) expect(ran().filter((name) => name === task.name).length).toBeGreaterThan(1);
    },
    { timeout: 15_000, interval: 50 },
  );

describe("the club's background tasks", () => {
  it("each runs on its timer with the club of that moment and logs what it did", async () => {
    const race = await createRace(db, { title: "Task Cup", date: inDays(7), status: "upcoming" });
    const racer = await createCompetitor(db, { firstName: "Tia", lastName: "Timer", email: "tia.timer@example.com" });
    const [duty] = await db.insert(raceDuties).values({ raceId: race.id, name: "Starter", places: 1 }).returning();
    await db.insert(dutyPlaces).values({ dutyId: duty!.id, raceId: race.id, competitorId: racer.id, takenVia: "admin" });

    const log = { info: vi.fn(), error: vi.fn() };
    const ran: string[] = [];
    const stop = scheduleClubTasks(db, async () => now, log, soon(ran));
    await twice(() => ran);
    await stop();

    expect(log.error.mock.calls.map(([fields, message]) => `${message}: ${(fields as { err: Error }).err.message}`)).toEqual([]);
    // Queued once, however many runs found it due.
    expect(log.info.mock.calls.filter(([, message]) => message === "duty reminders queued")).toEqual([
      [{ queued: 1 }, "duty reminders queued"],
    ]);
    const mails = await db.select().from(outboxMessages).where(eq(outboxMessages.recipient, "tia.timer@example.com"));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain("Starter");
  });

  it("a task that fails logs its name and the others still run, again at their next turn", async () => {
    const log = { info: vi.fn(), error: vi.fn() };
    const failures = () => log.error.mock.calls.map(([, message]) => (message as string).replace(/ failed$/, ""));
    const stop = scheduleClubTasks(db, () => Promise.reject(new Error("settings unreadable")), log, soon([]));
    await twice(failures);
    await stop();
  });
});
