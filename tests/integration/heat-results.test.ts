/**
 * One writer of a heat's results (issue 34 item 1, app/domain/race-day/heat-results.server.ts):
 * the same correction of official results, typed in the results editor or imported from a file,
 * stores the same rows with the same points and says the same thing in the change log.
 */
import { asc, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { raceResultChanges, raceResults } from "~/db/schema";
import { markResultsOfficial } from "~/domain/race-day/race-day.server";
import { confirmImport, createDraft, loadDraft, previewDraft } from "~/domain/results-import/results-import.server";
import { replaceHeatResults } from "~/domain/race-day/results.server";
import { DEFAULT_SETTINGS } from "~/lib/results-import/preview";
import { useTestDatabase } from "../support/database";
import { createCompetitor, createRace } from "../support/factories";
import { CLUB } from "../support/routes";

const { db } = await useTestDatabase();

function typed(raceId: number, order: number[]) {
  return replaceHeatResults(db, {
    raceId,
    heatNumber: 1,
    boatClass: "Open",
    competitorCount: order.length,
    rows: order.map((competitorId, i) => ({ competitorId, position: i + 1, points: 0, lapTime: "", bestLap: "", totalTime: "" })),
  } as never);
}

async function imported(raceId: number, boats: string[]) {
  const source = ["Pos,Boat,Class,Heat", ...boats.map((boat, i) => `${i + 1},${boat},Open,1`)].join("\n");
  const id = (await createDraft(db, {
    raceId,
    adminId: null,
    fileName: "heat.csv",
    source,
    settings: { ...DEFAULT_SETTINGS, mapping: null },
  }))!;
  const draft = (await loadDraft(db, id, raceId, null))!;
  const preview = await previewDraft(db, draft);
  if (!preview.ok) throw new Error(preview.message);
  return confirmImport(db, { draftId: id, raceId, adminId: null, digest: preview.digest });
}

async function stored(raceId: number) {
  return db
    .select({ competitorId: raceResults.competitorId, position: raceResults.position, points: raceResults.points })
    .from(raceResults)
    .where(eq(raceResults.raceId, raceId))
    .orderBy(asc(raceResults.position));
}

async function changeLog(raceId: number) {
  const rows = await db
    .select({ description: raceResultChanges.description })
    .from(raceResultChanges)
    .where(eq(raceResultChanges.raceId, raceId));
  return rows.map((r) => r.description);
}

it("a correction typed in the editor and the same one imported store the same rows and log the same words", async () => {
  const [a, b, c] = [
    await createCompetitor(db, { firstName: "Ann", boatNumber: "7" }),
    await createCompetitor(db, { firstName: "Ben", boatNumber: "5" }),
    await createCompetitor(db, { firstName: "Cy", boatNumber: "11" }),
  ];
  const races = [
    await createRace(db, { title: "Typed Cup", date: "2026-05-01" }),
    await createRace(db, { title: "Imported Cup", date: "2026-05-02" }),
  ];
  for (const race of races) {
    expect((await typed(race.id, [a.id, b.id, c.id])).ok).toBe(true);
    expect((await markResultsOfficial(db, race.id, CLUB)).ok).toBe(true);
  }

  expect(await typed(races[0]!.id, [b.id, a.id, c.id])).toMatchObject({ ok: true });
  expect(await imported(races[1]!.id, ["5", "7", "11"])).toMatchObject({ ok: true, changed: ["Open heat 1"] });

  const [typedRows, importedRows] = [await stored(races[0]!.id), await stored(races[1]!.id)];
  expect(typedRows).toEqual(importedRows);
  expect(typedRows.map((r) => r.competitorId)).toEqual([b.id, a.id, c.id]);
  const [typedLog, importedLog] = [await changeLog(races[0]!.id), await changeLog(races[1]!.id)];
  expect(typedLog).toHaveLength(1);
  expect(importedLog).toEqual(typedLog);
});
