import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { headerKey, recogniseHeader, recogniseHeaders, cleanMapping } from "~/lib/results-import/headers";
import { indexRacers, matchRacer, normaliseName, splitName, type KnownRacer } from "~/lib/results-import/match";
import { editDistance } from "~/lib/util/edit-distance";
import { detectDelimiter, MAX_IMPORT_ROWS, parseImport, type ImportTable } from "~/lib/results-import/parse";
import { DEFAULT_SETTINGS, planImport } from "~/lib/results-import/preview";
import { parseImportTime } from "~/lib/results-import/times";
import { describeLapAdjustments, sameResults } from "~/lib/race-day/result-changes";

const fixture = (name: string) => readFileSync(`tests/fixtures/results-import/${name}`, "utf8");

function table(text: string): ImportTable {
  const parsed = parseImport(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.table;
}

describe("header recognition", () => {
  it("knows the common words for each column, whatever their case, accents and punctuation", () => {
    expect(["Position", "rank", "Pos.", "PLACE"].map(recogniseHeader)).toEqual(["position", "position", "position", "position"]);
    expect(["Boat", "Number", "Boat No.", "Seat", "#"].map(recogniseHeader)).toEqual(["boat", "boat", "boat", "boat", null]);
    expect(["Name", "Pilot", "Callsign", "Driver"].map(recogniseHeader)).toEqual(["name", "name", "name", "name"]);
    expect(["Laps", "Total", "Total time", "Best lap", "Fastest", "Avg.", "Class", "Heat"].map(recogniseHeader)).toEqual([
      "laps",
      "totalTime",
      "totalTime",
      "bestLap",
      "bestLap",
      "lapTime",
      "boatClass",
      "heat",
    ]);
    expect(["Laps adjusted", "Reason", "Team", "Frequency"].map(recogniseHeader)).toEqual([
      "lapsAdjusted",
      "adjustReason",
      null,
      null,
    ]);
  });

  it("maps a field once: a second column with the same meaning is ignored", () => {
    expect(recogniseHeaders(["Pos", "Rank", "Pilot"])).toEqual(["position", null, "name"]);
  });

  it("remembers mappings by the headers as normalised", () => {
    expect(headerKey(["Pos.", "Boat No"])).toBe(headerKey(["pos", "boat  no"]));
    expect(cleanMapping(["position", "nonsense", "position"], 3)).toEqual(["position", null, null]);
    expect(cleanMapping(["position"], 3)).toBeNull();
  });
});

describe("time parsing", () => {
  it("reads m:ss.cc, m:ss.ccc, ss.ccc, h:mm:ss and a decimal comma into m:ss.cc", () => {
    expect(parseImportTime("1:45.23")).toBe("1:45.23");
    expect(parseImportTime("1:45.234")).toBe("1:45.23");
    expect(parseImportTime("0:24.315")).toBe("0:24.32");
    expect(parseImportTime("45.678")).toBe("0:45.68");
    expect(parseImportTime("105.2")).toBe("1:45.20");
    expect(parseImportTime("1:02:03")).toBe("62:03.00");
    expect(parseImportTime("01:02:03.5")).toBe("62:03.50");
    expect(parseImportTime("45,67")).toBe("0:45.67");
    expect(parseImportTime("5:02")).toBe("5:02.00");
  });

  it("takes an empty cell as no time, and anything else as not a time", () => {
    expect(parseImportTime("")).toBeNull();
    expect(parseImportTime(" - ")).toBeNull();
    for (const bad of ["abc", "1:5.2", "1:75.00", "1:60:00", "DNF", "=1+1", "1:2:3:4", "12.3456"]) {
      expect(parseImportTime(bad), bad).toBeUndefined();
    }
  });
});

describe("matching racers", () => {
  const racers: KnownRacer[] = [
    { id: 1, firstName: "Jon", lastName: "Smith", boatNumber: "7" },
    { id: 2, firstName: "Ana", lastName: "Ávila", boatNumber: "12" },
    { id: 3, firstName: "José", lastName: "dos Santos", boatNumber: "" },
    { id: 4, firstName: "Ray", lastName: "Tucker", boatNumber: "7" },
  ];
  const index = indexRacers(racers);

  it("matches by boat number first, the name deciding a shared boat", async () => {
    expect(await matchRacer(index, "12", "")).toMatchObject({ kind: "boat", racer: { id: 2 }, nameDiffers: false });
    expect(await matchRacer(index, "#12", "Somebody Else")).toMatchObject({ kind: "boat", racer: { id: 2 }, nameDiffers: true });
    expect(await matchRacer(index, "7", "ray tucker")).toMatchObject({ kind: "boat", racer: { id: 4 } });
  });

  it("then by name, ignoring case, accents, spacing and order", async () => {
    expect(await matchRacer(index, "", "ANA AVILA")).toMatchObject({ kind: "name", racer: { id: 2 } });
    expect(await matchRacer(index, "", "  jose   DOS-SANTOS ")).toMatchObject({ kind: "name", racer: { id: 3 } });
    expect(await matchRacer(index, "99", "Smith Jon")).toMatchObject({ kind: "name", racer: { id: 1 } });
  });

  it("offers close spellings, and nothing for a stranger", async () => {
    const smyth = await matchRacer(index, "", "Jon Smyth");
    expect(smyth.kind === "none" && smyth.suggestions.map((r) => r.id)).toEqual([1]);
    const stranger = await matchRacer(index, "", "Maria Santos");
    expect(stranger.kind === "none" && stranger.suggestions).toEqual([]);
  });

  it("measures distance and splits names", () => {
    expect(editDistance("smith", "smyth")).toBe(1);
    expect(editDistance("kitten", "sitting")).toBe(3);
    expect(editDistance("a", "abcdef", 2)).toBe(3);
    expect(normaliseName("Ávila, Ana")).toBe("avila ana");
    expect(splitName("Smith, Jon")).toEqual({ firstName: "Jon", lastName: "Smith" });
    expect(splitName("Mary Ann Jones")).toEqual({ firstName: "Mary Ann", lastName: "Jones" });
    expect(splitName("Maverick")).toEqual({ firstName: "Maverick", lastName: "" });
  });
});

describe("reading files", () => {
  it("detects tabs, semicolons and commas", () => {
    expect(detectDelimiter("Pos\tName\n1\tA")).toBe("\t");
    expect(detectDelimiter("Pos;Name;Time\n1;A;1,5")).toBe(";");
    expect(detectDelimiter("Pos,Name\n1,A")).toBe(",");
  });

  it("reads a lap counter's sheet with a BOM, semicolons and Windows line ends; formulas stay text", () => {
    const t = table(fixture("lap-counter-semicolons.csv"));
    expect(t.format).toBe("table");
    expect(t.headers[0]).toBe("Pos");
    expect(t.rows).toHaveLength(3);
    expect(t.rows[2]!.cells[2]).toBe('=HYPERLINK("http://evil.example","Ray") Tucker');
    expect(t.rows.every((r) => r.cells.every((c) => !c.includes("\r")))).toBe(true);
  });

  it("reads cells pasted from a spreadsheet (tabs), without headers as numbered columns", () => {
    expect(table("Pos\tBoat\tName\n1\t7\tJon Smith\n").rows[0]!.cells).toEqual(["1", "7", "Jon Smith"]);
    const bare = table("1\t7\tJon Smith\n2\t12\tAna Avila\n");
    expect(bare.headers).toEqual(["Column 1", "Column 2", "Column 3"]);
    expect(bare.rows).toHaveLength(2);
  });

  it("reads RotorHazard's CSV results export as it comes: the class's heats, not the event leaderboards", () => {
    const t = table(fixture("rotorhazard-results.csv"));
    expect(t.format).toBe("rotorhazard-csv");
    expect(t.rows.map((r) => r.cells.slice(0, 4))).toEqual([
      ["Open", "1", "1", "Jon Smith"],
      ["Open", "1", "2", "Ana Ávila"],
      ["Open", "1", "3", "Ray Tucker"],
      ["Open", "2", "1", "Maria Santos"],
      ["Open", "2", "2", "Jon Smyth"],
    ]);
    expect(recogniseHeaders(t.headers)).toEqual([
      "boatClass",
      "heat",
      "position",
      "name",
      "laps",
      "totalTime",
      "lapTime",
      "bestLap",
    ]);
  });

  it("reads RotorHazard's JSON results export, a heat named otherwise taking its place in its class", () => {
    const t = table(fixture("rotorhazard-results.json"));
    expect(t.format).toBe("rotorhazard-json");
    expect(t.rows.map((r) => r.cells.slice(0, 6))).toEqual([
      ["Open", "1", "1", "Jon Smith", "12", "5:02.113"],
      ["Open", "1", "2", "Ana Ávila", "11", "5:04.870"],
      ["Open", "1", "3", "Ray Tucker", "11", "5:09.004"],
      ["Open", "2", "1", "Maria Santos", "10", "5:00.500"],
      ["Open", "2", "2", "Jon Smyth", "9", "5:11.020"],
      ["Superboat", "1", "1", "Ray Tucker", "8", "5:03.000"],
    ]);
  });

  it("refuses with a message: empty, binary, headers only, too many rows, JSON that is not RotorHazard's", () => {
    const message = (text: string) => {
      const p = parseImport(text);
      return p.ok ? null : p.message;
    };
    expect(message("")).toMatch(/empty/);
    expect(message("a\u0000b")).toMatch(/not a text file/);
    expect(message("Pos,Name\n")).toMatch(/only headers/);
    expect(message(`Pos,Name\n${"1,A\n".repeat(MAX_IMPORT_ROWS + 1)}`)).toMatch(/at most 5000/);
    expect(message('{"a":1}')).toMatch(/not a RotorHazard/);
    expect(message("{oops")).toMatch(/could not be read as JSON/);
    expect(message("x".repeat(1024 * 1024 + 1))).toMatch(/too large/);
  });

  it("never throws on malformed input", async () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const alphabet = ['"', ",", ";", "\t", "\n", "\r", "a", "1", ":", ".", "=", "{", "}", "[", "é", " "];
    for (let i = 0; i < 300; i++) {
      const text = Array.from(
        { length: Math.floor(random() * 200) },
        () => alphabet[Math.floor(random() * alphabet.length)],
      ).join("");
      const parsed = parseImport(text);
      if (parsed.ok) await planImport(parsed.table, recogniseHeaders(parsed.table.headers), DEFAULT_SETTINGS, []);
    }
  });
});

describe("the preview", () => {
  const racers: KnownRacer[] = [
    { id: 1, firstName: "Jon", lastName: "Smith", boatNumber: "7" },
    { id: 2, firstName: "Ana", lastName: "Avila", boatNumber: "12" },
  ];
  const plan = (text: string, choices = {}) => {
    const t = table(text);
    return planImport(t, recogniseHeaders(t.headers), { ...DEFAULT_SETTINGS, choices }, racers);
  };

  it("matches, creates and places every row", async () => {
    const p = await plan(
      "Pos,Boat,Name,Laps,Total,Best,Class,Heat\n1,7,,12,5:02.11,24.31,Open,2\n2,,ana avila,11,,,open,2\n3,30,Maria Santos,,,,Open,2\n",
    );
    expect(p.rows.map((r) => r.racer?.by ?? r.newRacer)).toEqual(["boat", "name", "maria santos|30"]);
    expect(p.newRacers).toEqual([
      { key: "maria santos|30", firstName: "Maria", lastName: "Santos", boatNumber: "30", boatClass: "Open" },
    ]);
    expect(p.heats).toMatchObject([{ boatClass: "Open", heatNumber: 2, blocked: false }]);
    expect(p.heats[0]!.rows[0]).toMatchObject({ racer: 1, position: 1, laps: 12, totalTime: "5:02.11", bestLap: "0:24.31" });
  });

  it("says why a row cannot be used, and holds its heat back", async () => {
    const p = await plan(
      "Pos,Name,Best,Class,Heat\n1,Jon Smith,24.31,Open,1\n1,Ana Avila,,Open,1\n3,Ray Tucker,abc,Open,1\n1,Jon Smith,,Mini,2\n2,Ana Avila,,Superboat,1\n",
    );
    expect(p.rows[0]!.problems).toEqual(["position 1 twice in Open heat 1"]);
    expect(p.rows[1]!.problems).toEqual(["position 1 twice in Open heat 1"]);
    expect(p.rows[2]!.problems).toEqual(['best lap "abc" is not a time (m:ss.cc, ss.ccc or h:mm:ss)']);
    expect(p.rows[3]!.problems[0]).toMatch(/^unknown class "Mini"/);
    expect(p.heats.map((h) => [h.boatClass, h.heatNumber, h.blocked])).toEqual([
      ["Open", 1, true],
      ["Superboat", 1, false],
    ]);
    expect(p.unusable).toBe(4);
  });

  it("offers close spellings, and takes the admin's choice", async () => {
    const text = "Pos,Name\n1,Jon Smyth\n";
    expect((await plan(text)).rows[0]).toMatchObject({
      racer: null,
      newRacer: "jon smyth|",
      suggestions: [{ id: 1, label: "Jon Smith #7" }],
    });
    expect((await plan(text, { "0": 1 })).rows[0]!.racer).toEqual({ id: 1, label: "Jon Smith #7", by: "choice" });
  });

  it("keeps laps adjusted and the reason", async () => {
    const p = await plan("Pos,Boat,Laps,Laps adjusted,Reason\n1,7,12,+1,transponder missed lap 12\n2,12,10,-1 lap,\n");
    expect(p.heats[0]!.rows.map((r) => [r.lapsAdjustment, r.lapsAdjustmentReason])).toEqual([
      [1, "transponder missed lap 12"],
      [-1, null],
    ]);
  });
});

describe("what an import changes", () => {
  const row = {
    competitorId: 7,
    position: 1,
    laps: 12,
    lapTime: null,
    bestLap: null,
    totalTime: null,
    lapsAdjustment: 1,
    lapsAdjustmentReason: "transponder missed lap 12",
  };
  it("sees the same rows in any order as no change", () => {
    const other = { ...row, competitorId: 3, position: 2, lapsAdjustment: null, lapsAdjustmentReason: null };
    expect(sameResults([row, other], [other, row])).toBe(true);
    expect(sameResults([row], [{ ...row, laps: 13 }])).toBe(false);
  });
  it("describes a new adjustment for the change log", () => {
    expect(describeLapAdjustments([], [row], (id) => `#${id}`)).toBe("#7 +1 lap: transponder missed lap 12");
    expect(describeLapAdjustments([row], [row], (id) => `#${id}`)).toBeNull();
    expect(describeLapAdjustments([], [{ ...row, lapsAdjustment: -2, lapsAdjustmentReason: null }], (id) => `#${id}`)).toBe(
      "#7 -2 laps",
    );
  });
});
