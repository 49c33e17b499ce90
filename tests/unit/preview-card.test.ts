import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { previewTypeface } from "~/domain/link-preview/typeface.server";
import {
  cardVersion,
  fitText,
  raceCard,
  raceCardAlt,
  raceCardSvg,
  racePodiums,
  racerCard,
  racerCardAlt,
  racerCardSvg,
  type RacerCard,
} from "~/lib/link-preview/preview-card";
import type { PublicResult } from "~/lib/races/results";

const face = await previewTypeface();

let nextId = 1;
function result(over: Partial<PublicResult> & Pick<PublicResult, "competitorId" | "position">): PublicResult {
  return {
    id: nextId++,
    raceId: 1,
    points: Math.max(0, 11 - over.position),
    lapTime: null,
    bestLap: null,
    totalTime: null,
    laps: null,
    heatNumber: 1,
    boatClass: "Open",
    racerName: `Racer ${over.competitorId}`,
    erased: false,
    boat: `#${over.competitorId}`,
    ...over,
  };
}

const SEASON = {
  seasonKey: "2026",
  seasonName: "2026 Season",
  boatClass: "Open",
  races: 6,
  points: 48,
  wins: 2,
  podiums: 4,
  bestFinish: 1,
  position: 2,
  classified: 12,
};

describe("link-preview podium", () => {
  it("takes the first three of each class, club classes first", () => {
    const podiums = racePodiums([
      result({ competitorId: 9, position: 1, boatClass: "SuperBoat" }),
      ...[4, 2, 3, 1].map((position) => result({ competitorId: position, position })),
    ]);
    expect(podiums.map((p) => p.boatClass)).toEqual(["Open", "SuperBoat"]);
    expect(podiums[0]!.places).toEqual([
      { rank: 1, racerName: "Racer 1", boat: "#1" },
      { rank: 2, racerName: "Racer 2", boat: "#2" },
      { rank: 3, racerName: "Racer 3", boat: "#3" },
    ]);
  });

  // Issue 31 item 17: two heats drawn from one class drew "1st, 1st, 3rd" (each heat's winner
  // ranked by their heat position). The race is ranked as a whole: points, count-back, laps, time.
  it("ranks a class run in two heats over the whole race: 1st, 2nd, 3rd, not each heat's 1st", () => {
    const podiums = racePodiums([
      result({ competitorId: 1, position: 1, heatNumber: 1, laps: 12, totalTime: "5:04.10" }),
      result({ competitorId: 2, position: 2, heatNumber: 1, laps: 11, totalTime: "5:09.00" }),
      result({ competitorId: 3, position: 1, heatNumber: 2, laps: 12, totalTime: "5:01.35" }),
      result({ competitorId: 4, position: 2, heatNumber: 2, laps: 12, totalTime: "5:06.00" }),
    ]);
    expect(podiums[0]!.places.map((p) => [p.racerName, p.rank])).toEqual([
      ["Racer 3", 1],
      ["Racer 1", 2],
      ["Racer 4", 3],
    ]);
    expect(raceCardAlt({ clubName: "C", title: "Cup", date: "d", location: "l", classes: podiums })).toContain(
      "Open: 1st Racer 3 (#3), 2nd Racer 1 (#1), 3rd Racer 4 (#4)",
    );
  });

  it("points of all heats first, then count-back on finishes; only racers level on everything share a rank", () => {
    // One racer in both heats: 10 + 9 points beats a single win.
    const podiums = racePodiums([
      result({ competitorId: 1, position: 1, heatNumber: 1 }),
      result({ competitorId: 1, position: 2, heatNumber: 2 }),
      result({ competitorId: 2, position: 1, heatNumber: 2, points: 19 }),
      result({ competitorId: 3, position: 2, heatNumber: 1, points: 19 }),
      result({ competitorId: 4, position: 3, heatNumber: 1 }),
    ]);
    expect(podiums[0]!.places.map((p) => [p.racerName, p.rank])).toEqual([
      ["Racer 1", 1],
      ["Racer 2", 2],
      ["Racer 3", 3],
    ]);
    // Heats run without laps or times: the two winners are level on everything.
    const level = racePodiums([
      result({ competitorId: 1, position: 1, heatNumber: 1 }),
      result({ competitorId: 2, position: 2, heatNumber: 1 }),
      result({ competitorId: 3, position: 1, heatNumber: 2 }),
    ]);
    expect(level[0]!.places.map((p) => [p.racerName, p.rank])).toEqual([
      ["Racer 1", 1],
      ["Racer 3", 1],
      ["Racer 2", 3],
    ]);
  });
});

describe("link-preview drawing", () => {
  it("escapes the one text in the markup (the title) and draws every other text as outlines", () => {
    const card = raceCard(
      "Club <&>",
      { title: `</title><script>alert("x")</script>`, date: "2026-06-13", location: "Lake & Pond" },
      [result({ competitorId: 1, position: 1, racerName: "Ann <b>O'Neil</b>" })],
    );
    const svg = raceCardSvg(face, card);
    expect(svg).not.toContain("<script");
    expect(svg).not.toContain("<b>");
    expect(svg).toContain("&lt;/title&gt;&lt;script&gt;");
    expect(svg).toContain("Ann &lt;b&gt;O&apos;Neil&lt;/b&gt;");
    // Nothing but the svg, its title, rectangles, circles and paths.
    const tags = new Set([...svg.matchAll(/<([a-z]+)/g)].map((m) => m[1]));
    expect([...tags].sort()).toEqual(["circle", "path", "rect", "svg", "title"]);
    expect(svg).not.toContain("<text");
  });

  it("cuts a long name with an ellipsis to the width it is given", () => {
    const long = "Bartholomew Maximilian Featherstonehaugh-Cholmondeley the Third of Somerset";
    const cut = fitText(face, long, 400, 40, "bold");
    expect(cut.endsWith("…")).toBe(true);
    expect(cut.length).toBeLessThan(long.length);
    expect(face.width(cut, 40, "bold")).toBeLessThanOrEqual(400);
    expect(long.startsWith(cut.slice(0, -1))).toBe(true);
    expect(fitText(face, "Ann Lee", 400, 40, "bold")).toBe("Ann Lee");
    // Control and text-direction characters never reach the picture.
    expect(fitText(face, "Ann\u202e\u0007 Lee", 400, 40, "regular")).toBe("Ann Lee");
  });

  it("a long name stays inside the picture: nothing is drawn past the right margin", async () => {
    const card: RacerCard = racerCard(
      "Club",
      { name: "W".repeat(200), boatName: "X".repeat(200), boatNumber: "7" },
      { stats: { races: 6, points: 48, wins: 2, podiums: 4 }, seasons: [SEASON], recent: [] },
    );
    const png = await sharp(Buffer.from(racerCardSvg(face, card)))
      .png()
      .toBuffer();
    // The right margin (the last 60 columns above the bottom band) is background only.
    const { data, info } = await sharp(png)
      .extract({ left: 1140, top: 0, width: 60, height: 600 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const first = data.subarray(0, info.channels);
    for (let i = 0; i < data.length; i += info.channels) expect(data.subarray(i, i + info.channels)).toEqual(first);
  });

  it("draws letters without any system font: two names give different pixels", async () => {
    const draw = async (name: string) => {
      const card = racerCard(
        "Club",
        { name, boatName: null, boatNumber: "7" },
        { stats: SEASON, seasons: [SEASON], recent: [3, 1, 2].map((position) => ({ position })) },
      );
      return sharp(Buffer.from(racerCardSvg(face, card)))
        .extract({ left: 64, top: 100, width: 1000, height: 80 })
        .raw()
        .toBuffer();
    };
    const [a, b] = await Promise.all([draw("Ann Lee"), draw("Bob Smith")]);
    expect(a.equals(b)).toBe(false);
    // Not blank: the name's strip holds more than one colour.
    expect(new Set(a).size).toBeGreaterThan(2);
  });

  it("the alt text says who won and the racer's season; the version follows the card", () => {
    const card = raceCard("Club", { title: "Summer Regatta", date: "2026-06-13", location: "Lake" }, [
      result({ competitorId: 1, position: 1, racerName: "Ann Lee", boat: "Tidal #7" }),
      result({ competitorId: 2, position: 2, racerName: "Bob Smith", boat: "#9" }),
    ]);
    expect(raceCardAlt(card)).toBe(
      "Podium of Summer Regatta, Saturday, June 13, 2026. Open: 1st Ann Lee (Tidal #7), 2nd Bob Smith (#9).",
    );
    const racer = racerCard(
      "Club",
      { name: "Ann Lee", boatName: "Tidal", boatNumber: "7" },
      { stats: SEASON, seasons: [SEASON], recent: [] },
    );
    expect(racerCardAlt(racer)).toBe("Ann Lee, Tidal #7: 2026 Season, Open, 2nd of 12, 48 points, 2 wins, 4 podiums.");
    expect(cardVersion(racer)).toBe(cardVersion({ ...racer }));
    expect(cardVersion(racer)).not.toBe(cardVersion({ ...racer, name: "Ann Lea" }));
  });
});
