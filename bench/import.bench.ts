/**
 * The results import on a race day's file: 40 boats x 6 heats (240 rows; 2 classes x 3 heats, as
 * a lap counter's sheet with every column: position, boat, name, laps, total, best lap, class,
 * heat, laps adjusted and reason). "preview" reads the file, maps its headers, matches every row
 * against 500 racers and fingerprints the plan (what an admin waits for after Preview); "confirm"
 * replaces the 6 heats in one transaction with the audit log (what Confirm waits for). Confirm
 * alternates between two files with different times, so every run really writes.
 * Run: npx vitest bench --run bench/import.bench.ts
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, bench, describe } from "vitest";
import { confirmImport, createDraft, loadDraft, previewDraft, type Draft } from "~/domain/results-import/results-import.server";
import { DEFAULT_SETTINGS } from "~/lib/results-import/preview";
import { createTestDatabase } from "../tests/support/database";

const t = await createTestDatabase();
const { db } = t;
let raceId = 0;
const settings = { ...DEFAULT_SETTINGS, mapping: null };

function file(variant: number): string {
  const lines = ["Pos,Boat,Name,Laps,Total time,Best lap,Class,Heat,Laps adjusted,Reason"];
  for (const [c, cls] of ["Open", "Superboat"].entries())
    for (let heat = 1; heat <= 3; heat++)
      for (let p = 1; p <= 40; p++) {
        const boat = c * 250 + ((heat * 40 + p) % 250) + 1;
        const adjusted = p === 3 ? "+1,transponder missed lap 12" : ",";
        lines.push(
          `${p},${boat},Racer Number ${boat},${20 - (p % 6)},5:${String(10 + p).padStart(2, "0")}.${variant}2,24.${p % 10}${variant},${cls},${heat},${adjusted}`,
        );
      }
  return lines.join("\r\n");
}
const files = [file(1), file(2)];
let drafts: Draft[] = [];

beforeAll(async () => {
  await db.execute(sql`
    INSERT INTO competitors (first_name, last_name, boat_number, boat_classes)
    SELECT 'Racer', 'Number ' || i, i::text, ARRAY['Open', 'Superboat'] FROM generate_series(1, 500) AS i`);
  const { rows } = await db.execute<{ id: number }>(
    sql`INSERT INTO races (title, date, location, description, status) VALUES ('Bench Cup', '2026-06-13', 'Lake', '', 'completed') RETURNING id`,
  );
  raceId = rows[0]!.id;
  drafts = await Promise.all(
    files.map(
      async (source) =>
        (await loadDraft(db, (await createDraft(db, { raceId, adminId: null, fileName: "", source, settings }))!, raceId, null))!,
    ),
  );
});
afterAll(() => t.drop());

let round = 0;
describe("results import, 40 boats x 6 heats", () => {
  bench("preview", async () => {
    const preview = await previewDraft(db, drafts[0]!);
    if (!preview.ok || preview.plan.heats.length !== 6 || preview.plan.unusable) throw new Error("bad preview");
  });

  bench("confirm (6 heats replaced, one transaction)", async () => {
    const source = files[round++ % 2]!;
    const id = (await createDraft(db, { raceId, adminId: null, fileName: "", source, settings }))!;
    const draft = (await loadDraft(db, id, raceId, null))!;
    const preview = await previewDraft(db, draft);
    if (!preview.ok) throw new Error(preview.message);
    const outcome = await confirmImport(db, { draftId: id, raceId, adminId: null, digest: preview.digest });
    if (!outcome.ok || outcome.changed.length !== 6) throw new Error(`bad confirm: ${JSON.stringify(outcome)}`);
  });
});
