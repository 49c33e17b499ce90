/**
 * Issue 32 item 1: a race with saved results is completed. Both ways of saving results (the
 * results editor's replaceHeatResults and the import's confirmImport) complete an upcoming race in
 * their own transaction, never a cancelled one; the archive, the home page and the entry form
 * then follow the status.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, raceRegistrations, races } from "~/db/schema";
import { replaceHeatResults } from "~/domain/race-day/results.server";
import { markResultsOfficial } from "~/domain/race-day/race-day.server";
import { confirmImport, createDraft, loadDraft, previewDraft } from "~/domain/results-import/results-import.server";
import { completedRacesPage, latestRaceWithResults } from "~/domain/races/public-queries.server";
import { DEFAULT_SETTINGS } from "~/lib/results-import/preview";
import { RACE_MESSAGES } from "~/lib/registration/registration";
import { todayInZone } from "~/lib/util/dates";
import { action, loader } from "~/routes/race-registration";
import { loader as raceLoader } from "~/routes/race";
import { useTestDatabase } from "../support/database";
import { createAdmin, createCompetitor, createRace } from "../support/factories";
import { call, CLUB, formRequest, outcome, routeContext } from "../support/routes";

const { db } = await useTestDatabase();
const today = todayInZone(CLUB.timeZone);
const { admin } = await createAdmin(db, "completion-admin", "correct horse battery");
const racer = await createCompetitor(db, { firstName: "Kay", lastName: "Outerbridge", boatNumber: "431" });

function save(raceId: number, competitorIds: number[]) {
  return replaceHeatResults(db, {
    raceId,
    heatNumber: 1,
    boatClass: "Open",
    competitorCount: competitorIds.length,
    rows: competitorIds.map((competitorId, i) => ({
      competitorId,
      position: i + 1,
      points: 0,
      lapTime: "",
      bestLap: "",
      totalTime: "",
    })),
  } as never);
}

async function importFile(raceId: number, source: string) {
  const id = await createDraft(db, {
    raceId,
    adminId: admin.id,
    fileName: "results.csv",
    source,
    settings: { ...DEFAULT_SETTINGS, mapping: null },
  });
  const draft = await loadDraft(db, id!, raceId, admin.id);
  const preview = await previewDraft(db, draft!);
  if (!preview.ok) throw new Error(preview.message);
  return confirmImport(db, { draftId: draft!.id, raceId, adminId: admin.id, digest: preview.digest });
}

async function statusOf(raceId: number) {
  const [race] = await db.select({ status: races.status }).from(races).where(eq(races.id, raceId));
  return race!.status;
}

async function statusAudits(raceId: number) {
  const rows = await db
    .select({ kind: auditLog.kind, changes: auditLog.changes })
    .from(auditLog)
    .where(and(eq(auditLog.recordType, "race"), eq(auditLog.recordId, String(raceId)), eq(auditLog.kind, "race.update")));
  return rows.map((r) => r.changes);
}

describe("the first saved results complete the race", () => {
  it("the results editor completes an upcoming race once, audited, and says so", async () => {
    const race = await createRace(db, { date: today, status: "upcoming" });
    expect(await save(race.id, [racer.id])).toEqual({ ok: true, saved: 1, completed: true });
    expect(await statusOf(race.id)).toBe("completed");
    expect(await statusAudits(race.id)).toEqual([{ status: { before: "upcoming", after: "completed" } }]);
    // A later save finds it completed already: nothing more to say or record.
    expect(await save(race.id, [racer.id])).toEqual({ ok: true, saved: 1, completed: false });
    expect(await statusAudits(race.id)).toHaveLength(1);
  });

  it("the import completes an upcoming race", async () => {
    const race = await createRace(db, { date: today, status: "upcoming" });
    expect(await importFile(race.id, "Pos,Boat\n1,431\n")).toMatchObject({ ok: true, changed: ["Open heat 1"], completed: true });
    expect(await statusOf(race.id)).toBe("completed");
  });

  it("a cancelled race stays cancelled, by either way of saving", async () => {
    const edited = await createRace(db, { date: today, status: "cancelled" });
    expect(await save(edited.id, [racer.id])).toMatchObject({ ok: true, completed: false });
    expect(await statusOf(edited.id)).toBe("cancelled");
    const imported = await createRace(db, { date: today, status: "cancelled" });
    expect(await importFile(imported.id, "Pos,Boat\n1,431\n")).toMatchObject({ ok: true, completed: false });
    expect(await statusOf(imported.id)).toBe("cancelled");
    expect(await statusAudits(edited.id)).toEqual([]);
  });

  it("the archive and the home page list the race as soon as its results are saved", async () => {
    const race = await createRace(db, { date: "2099-01-01", status: "upcoming", title: "Far Future Cup" });
    expect((await completedRacesPage(db, { year: 2099, limit: 20, offset: 0 })).races).toEqual([]);
    await save(race.id, [racer.id]);
    expect((await completedRacesPage(db, { year: 2099, limit: 20, offset: 0 })).races.map((r) => r.id)).toEqual([race.id]);
    expect((await latestRaceWithResults(db))?.id).toBe(race.id);
  });
});

describe("the entry form after results", () => {
  it("no longer offers, and its server refuses, a race whose results are saved and official", async () => {
    const race = await createRace(db, { date: today, status: "upcoming", title: "Finished Today" });
    const before = await call(loader, { request: new Request("http://localhost/race-registration"), context: routeContext(db) });
    expect(before.races.map((r) => r.id)).toContain(race.id);

    await save(race.id, [racer.id]);
    // Saved on its own day: the results check window (decision 0056) has to run out first.
    await db
      .update(races)
      .set({ resultsUpdatedAt: new Date(Date.now() - 3_600_000) })
      .where(eq(races.id, race.id));
    expect(await markResultsOfficial(db, race.id, CLUB)).toMatchObject({ ok: true });
    const after = await call(loader, { request: new Request("http://localhost/race-registration"), context: routeContext(db) });
    expect(after.races.map((r) => r.id)).not.toContain(race.id);

    const entrant = await createCompetitor(db);
    const res = outcome(
      await call(action, {
        request: formRequest("/race-registration", {
          competitorId: String(entrant.id),
          raceId: String(race.id),
          boatClasses: "Open",
        }),
        context: routeContext(db),
      }),
    );
    expect(res.status).toBe(400);
    expect(res.data.result.error).toEqual({ raceId: [RACE_MESSAGES.raceClosed] });
    const rows = await db.select().from(raceRegistrations).where(eq(raceRegistrations.raceId, race.id));
    expect(rows).toEqual([]);
  });
});

describe("the way in for racers (issue 32 item 10)", () => {
  async function racePage(id: number) {
    const url = `http://localhost/calendar/${id}`;
    return raceLoader({
      request: new Request(url),
      context: routeContext(db),
      params: { id: String(id) },
      url: new URL(url),
      pattern: "/calendar/:id",
    });
  }

  it("an upcoming race's page offers Enter this race, with the race chosen on the form; not once its results are saved", async () => {
    const race = await createRace(db, { date: today, status: "upcoming", title: "Enter Me Cup" });
    expect((await racePage(race.id)).canEnter).toBe(true);
    const form = await call(loader, {
      request: new Request(`http://localhost/race-registration?race=${race.id}`),
      context: routeContext(db),
    });
    expect(form.chosenRaceId).toBe(race.id);

    await save(race.id, [racer.id]);
    expect((await racePage(race.id)).canEnter).toBe(false);
    const after = await call(loader, {
      request: new Request(`http://localhost/race-registration?race=${race.id}`),
      context: routeContext(db),
    });
    expect(after.chosenRaceId).toBeNull();
  });
});
