/**
 * Issue 31 items 6 and 10, the pure rules: the close-spelling search does bounded work whatever
 * the file and the club's racers (names capped as the forms cap them, a budget per preview, the
 * distance computed near its diagonal only), and a new racer from an import meets the
 * registration form's name rules; a choice names only a racer the row offers.
 */
import { describe, expect, it } from "vitest";
import { recogniseHeaders } from "~/lib/results-import/headers";
import {
  CLOSE_SPELLING_WORK,
  CloseSpellings,
  indexRacers,
  MAX_SEARCHED_NAME,
  normaliseName,
  type KnownRacer,
} from "~/lib/results-import/match";
import { parseImport, type ImportTable } from "~/lib/results-import/parse";
import { DEFAULT_SETTINGS, planImport } from "~/lib/results-import/preview";
import { editDistance } from "~/lib/util/edit-distance";

function table(text: string): ImportTable {
  const parsed = parseImport(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.table;
}

/** `length` letters of "aaa..." with a few changed by `n`: every two of them a few edits apart. */
function nearName(n: number, salt: string, length: number): string {
  const letters = Array.from("a".repeat(length));
  const code = `${n.toString(36)}${salt}`;
  for (let k = 0; k < code.length; k++) letters[(k * 13 + n) % length] = code[k]!;
  return letters.join("");
}

const racersNamed = (count: number, first: string, length: number): KnownRacer[] =>
  Array.from({ length: count }, (_, i) => ({ id: i + 1, firstName: first, lastName: nearName(i, "r", length), boatNumber: "" }));

/** The most one name's search may cost: a length test, the letter counts and a 7-wide band per racer. */
const perName = (racers: number) => racers * (1 + 37 + MAX_SEARCHED_NAME * 7);

describe("the edit distance near its diagonal", () => {
  it("gives the full computation's answer, up to the limit", () => {
    let seed = 31;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const word = () => Array.from({ length: Math.floor(random() * 12) }, () => "abc"[Math.floor(random() * 3)]).join("");
    for (let i = 0; i < 2000; i++) {
      const [a, b] = [word(), word()];
      const exact = editDistance(a, b);
      for (const limit of [0, 1, 2, 3])
        expect(editDistance(a, b, limit), `${a} / ${b} at ${limit}`).toBe(Math.min(exact, limit + 1));
    }
  });
});

describe("close spellings within bounds (issue 31 item 6)", () => {
  it("the review's shape: 180-letter names are never compared letter by letter", async () => {
    const racers = racersNamed(100, "Xavier", 180);
    const spellings = new CloseSpellings(indexRacers(racers));
    for (let i = 0; i < 300; i++) expect(await spellings.find(normaliseName(`Xavier ${nearName(i, "q", 180)}`))).toEqual([]);
    // Not even the length test: a name longer than the forms allow is no racer's.
    expect(spellings.work).toBe(0);
    const plan = await planImport(
      table(`Pos,Name\n1,Xavier ${nearName(1, "q", 180)}\n`),
      ["position", "name"],
      DEFAULT_SETTINGS,
      racers,
    );
    expect(plan.rows[0]!.problems).toEqual(["new racer: Last name must be at most 50 characters."]);
  });

  it("5,000 near-identical names of the longest allowed length against 1,000 such racers: bounded work, then not compared", async () => {
    const racers = racersNamed(1000, "b".repeat(50), 50);
    const spellings = new CloseSpellings(indexRacers(racers));
    const found = [];
    for (let i = 0; i < 5000; i++) found.push(await spellings.find(normaliseName(`${"b".repeat(50)} ${nearName(i, "q", 50)}`)));
    expect(spellings.work).toBeLessThanOrEqual(CLOSE_SPELLING_WORK + perName(1000));
    const searched = found.filter((f) => f !== null);
    // Searched until the budget: the first names get their racer (one letter apart) as the best spelling.
    expect(searched.length).toBeGreaterThan(20);
    expect(searched.length).toBeLessThan(5000);
    expect(searched[0]![0]!.id).toBe(1);
    expect(found.slice(searched.length).every((f) => f === null)).toBe(true);
    // A name searched before costs nothing again, even after the budget is spent.
    const work = spellings.work;
    expect(await spellings.find(normaliseName(`${"b".repeat(50)} ${nearName(0, "q", 50)}`))).toEqual(searched[0]);
    expect(spellings.work).toBe(work);
  });

  it("a race day's file costs a small part of the budget, and the same input always gives the same preview", async () => {
    const racers: KnownRacer[] = Array.from({ length: 500 }, (_, i) => ({
      id: i + 1,
      firstName: ["Jon", "Ana", "Ray", "José", "Mary Ann"][i % 5]!,
      lastName: `Racer${i}son`,
      boatNumber: String(i + 1),
    }));
    const spellings = new CloseSpellings(indexRacers(racers));
    for (let i = 0; i < 60; i++) await spellings.find(normaliseName(`Visitor${i} Stranger${i}`));
    expect(spellings.work).toBeLessThan(CLOSE_SPELLING_WORK / 20);

    const rows = Array.from({ length: 300 }, (_, i) => `${(i % 40) + 1},,Jon Racer${i}sen,${Math.floor(i / 40) + 1}`);
    const t = table(["Pos,Boat,Name,Heat", ...rows].join("\n"));
    const [a, b] = [
      await planImport(t, recogniseHeaders(t.headers), DEFAULT_SETTINGS, racers),
      await planImport(t, recogniseHeaders(t.headers), DEFAULT_SETTINGS, racers),
    ];
    expect(a.rows[0]!.suggestions[0]).toEqual({ id: 1, label: "Jon Racer0son #1" });
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });
});

describe("one name's search lets other requests in", () => {
  it("pauses between racers without changing what it finds", async () => {
    const racers = racersNamed(1000, "b".repeat(50), 50);
    const wanted = normaliseName(`${"b".repeat(50)} ${nearName(3, "q", 50)}`);
    let pauses = 0;
    const pausing = await new CloseSpellings(indexRacers(racers)).find(wanted, () => {
      pauses += 1;
      return Promise.resolve();
    });
    expect(pauses).toBeGreaterThanOrEqual(30);
    expect(pausing).toEqual(await new CloseSpellings(indexRacers(racers)).find(wanted));
    expect(pausing![0]!.id).toBe(4);
  });
});

describe("new racers and choices (issue 31 item 10)", () => {
  const racers: KnownRacer[] = [
    { id: 1, firstName: "Jon", lastName: "Smith", boatNumber: "7" },
    { id: 2, firstName: "Ana", lastName: "Avila", boatNumber: "12" },
  ];
  const plan = (text: string, choices = {}) => {
    const t = table(text);
    return planImport(t, recogniseHeaders(t.headers), { ...DEFAULT_SETTINGS, choices }, racers);
  };

  it("refuses a new racer's name the forms refuse, the row saying why; the others are created", async () => {
    const long = `${"L".repeat(80)} ${"M".repeat(79)}`;
    const p = await plan(
      [
        "Pos,Boat,Name,Heat",
        "1,31,Eve \u202Eevil,1",
        "2,32,Esc \u001b[31mRed,1",
        "1,33,Nel Next\u0085Line,2",
        `2,34,${long},2`,
        "1,35,Ray O,3",
        "2,36,Maria Santos,3",
        `1,12345678901,Long Boat,4`,
      ].join("\n"),
    );
    const control = "new racer: Last name must not contain control or text-direction characters.";
    expect(p.rows.map((r) => r.problems)).toEqual([
      [control],
      [control],
      [control],
      ["new racer: First name must be at most 50 characters.", "new racer: Last name must be at most 50 characters."],
      ["new racer: Last name must be at least 2 characters."],
      [],
      ["new racer: Boat number must be at most 10 characters."],
    ]);
    expect(p.newRacers.map((r) => `${r.firstName} ${r.lastName}`)).toEqual([]);
    // Every heat with a refused row is held back; heat 3's "Maria Santos" waits with it.
    expect(p.heats.every((h) => h.blocked)).toBe(true);
  });

  it("a control character in the laps adjustment's reason is refused too", async () => {
    const p = await plan("Pos,Boat,Laps,Laps adjusted,Reason\n1,7,12,+1,missed\u202E lap\n");
    expect(p.rows[0]!.problems).toEqual(["The reason must not contain control or text-direction characters."]);
  });

  it("takes a choice only among the row's suggestions", async () => {
    const text = "Pos,Name\n1,Jon Smyth\n";
    expect((await plan(text, { "0": 1 })).rows[0]!.racer).toEqual({ id: 1, label: "Jon Smith #7", by: "choice" });
    // Ana (id 2) was never offered for "Jon Smyth": the row stays a new racer.
    const other = (await plan(text, { "0": 2 })).rows[0]!;
    expect(other).toMatchObject({ racer: null, newRacer: "jon smyth|" });
  });
});
