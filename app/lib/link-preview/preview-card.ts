/**
 * The pictures a shared link shows (og:image): a race's podium and a racer's season, drawn as a
 * 1200x630 SVG that the server turns into a PNG. Every text is drawn as outlines by a
 * `Typeface` (app/domain/link-preview/typeface.server.ts ships the font), so the picture looks
 * the same on a server without a single system font. The same model gives the image's alt text
 * and the version in its address, so the page's tags and the picture never disagree.
 */
import { boatLabel } from "~/lib/racer/names";
import { escapeXml } from "~/lib/news/atom";
import { canonicalBoatClass, classTabs } from "~/lib/platform/boat-classes";
import type { PublicResult } from "~/lib/races/results";
import { lapTimeMillis } from "~/lib/race-day/lap-time";
import { formatLongDate } from "~/lib/util/dates";
import { ordinal } from "~/lib/util/ordinal";
import { countOf } from "~/lib/util/plural";
import type { PreviewImage } from "~/lib/platform/link-preview";

export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;

/** Classes drawn side by side; more are named in a line below ("and 2 more classes"). */
const MAX_CLASSES = 3;
/** Races in the racer's bar chart. */
const RECENT_BARS = 10;

export type Weight = "regular" | "bold";

/** Draws text as outlines: what an SVG without fonts needs. */
export interface Typeface {
  /** Width in pixels of `text` at `size` pixels. */
  width(text: string, size: number, weight: Weight): number;
  /** SVG path data of `text`, its baseline starting at (x, y). */
  path(text: string, x: number, y: number, size: number, weight: Weight): string;
}

export interface PodiumPlace {
  rank: number;
  racerName: string;
  /** "Tidal Flash #7": the boat's name and number, as the results show it. */
  boat: string;
}

export interface ClassPodium {
  boatClass: string;
  places: PodiumPlace[];
}

export interface RaceCard {
  clubName: string;
  title: string;
  /** "Saturday, June 13, 2026" */
  date: string;
  location: string;
  classes: ClassPodium[];
}

export interface SeasonCard {
  seasonName: string;
  boatClass: string;
  position: number | null;
  classified: number;
  points: number;
  wins: number;
  podiums: number;
  races: number;
}

export interface RacerCard {
  clubName: string;
  name: string;
  /** The boat's name and number ("Tidal Flash #7"); never contact data. */
  boat: string;
  /** The racer's line in the newest season they raced in; null before any result. */
  season: SeasonCard | null;
  career: { races: number; points: number; wins: number; podiums: number };
  /** Finishing positions of the last races, oldest first (the small bar chart). */
  recent: number[];
}

/** A race's card, from what its page shows. */
export function raceCard(
  clubName: string,
  race: { title: string; date: string; location: string },
  results: readonly PublicResult[],
): RaceCard {
  return { clubName, title: race.title, date: formatLongDate(race.date), location: race.location, classes: racePodiums(results) };
}

/** A racer's card, from what their profile shows: public columns only, never contact data. */
export function racerCard(
  clubName: string,
  racer: { name: string; boatName: string | null; boatNumber: string | null },
  profile: {
    stats: RacerCard["career"];
    seasons: readonly (Omit<SeasonCard, "position"> & { position: number | null })[];
    recent: readonly { position: number }[];
  },
): RacerCard {
  const line = profile.seasons[0];
  const { races, points, wins, podiums } = profile.stats;
  return {
    clubName,
    name: racer.name,
    boat: boatLabel(racer.boatName, racer.boatNumber),
    season: line
      ? {
          seasonName: line.seasonName,
          boatClass: line.boatClass,
          position: line.position,
          classified: line.classified,
          points: line.points,
          wins: line.wins,
          podiums: line.podiums,
          races: line.races,
        }
      : null,
    career: { races, points, wins, podiums },
    recent: profile.recent.slice(-RECENT_BARS).map((r) => r.position),
  };
}

/**
 * The first three of each class at one race, ranked over the whole race rather than per heat: a
 * class drawn into heats has a winner in each, and "1st, 1st, 3rd" said nothing of who won. The
 * order is the round's as the championship counts it: the points of all the racer's heats, then
 * count-back on their finishes (more wins, then more 2nds...), as the standings break a tie; then
 * the laps of all their heats and, on equal laps, the shorter total time, as a timed heat itself
 * is ordered. Only racers level on all of these share a rank (heats run without laps or times).
 */
export function racePodiums(results: readonly PublicResult[]): ClassPodium[] {
  type Racer = { racerName: string; boat: string; points: number; finishes: number[]; laps: number; time: number };
  const byClass = new Map<string, Map<number, Racer>>();
  for (const r of results) {
    let racers = byClass.get(r.boatClass);
    if (!racers) byClass.set(r.boatClass, (racers = new Map<number, Racer>()));
    let racer = racers.get(r.competitorId);
    if (!racer) {
      racer = { racerName: r.racerName, boat: r.boat, points: 0, finishes: [], laps: 0, time: 0 };
      racers.set(r.competitorId, racer);
    }
    racer.points += r.points;
    if (r.position >= 1) racer.finishes[r.position - 1] = (racer.finishes[r.position - 1] ?? 0) + 1;
    racer.laps += r.laps ?? 0;
    // A heat without a time makes the total unknown, behind every known one.
    racer.time += lapTimeMillis(r.totalTime) ?? Number.POSITIVE_INFINITY;
  }
  const countBack = (a: Racer, b: Racer) => {
    for (let i = 0; i < Math.max(a.finishes.length, b.finishes.length); i++) {
      const difference = (b.finishes[i] ?? 0) - (a.finishes[i] ?? 0);
      if (difference !== 0) return difference;
    }
    return 0;
  };
  const byTime = (a: Racer, b: Racer) => (a.time === b.time ? 0 : a.time - b.time);
  const ahead = (a: Racer, b: Racer) => b.points - a.points || countBack(a, b) || b.laps - a.laps || byTime(a, b);
  const order = classTabs([...byClass.keys()]);
  const place = (boatClass: string) => order.indexOf(canonicalBoatClass(boatClass));
  return [...byClass.entries()]
    .sort(([a], [b]) => place(a) - place(b))
    .map(([boatClass, racers]) => {
      const ranked = [...racers.values()].sort((a, b) => ahead(a, b) || a.racerName.localeCompare(b.racerName));
      const places = ranked.slice(0, 3).map((r) => ({
        // Competition ranking: one more than the racers strictly ahead.
        rank: ranked.findIndex((o) => ahead(o, r) === 0) + 1,
        racerName: r.racerName,
        boat: r.boat,
      }));
      return { boatClass, places };
    });
}

export function raceCardAlt(card: RaceCard): string {
  const classes = card.classes.map(
    (c) => `${c.boatClass}: ${c.places.map((p) => `${ordinal(p.rank)} ${p.racerName} (${p.boat})`).join(", ")}`,
  );
  return `Podium of ${card.title}, ${card.date}. ${classes.join("; ")}.`;
}

export function racerCardAlt(card: RacerCard): string {
  const who = card.boat ? `${card.name}, ${card.boat}` : card.name;
  if (!card.season) return `${who}: ${countOf(card.career.races, "race")} with the ${card.clubName}.`;
  const s = card.season;
  const place = s.position ? `${ordinal(s.position)} of ${s.classified}` : "not classified";
  return `${who}: ${s.seasonName}, ${s.boatClass}, ${place}, ${countOf(s.points, "point")}, ${countOf(s.wins, "win")}, ${countOf(s.podiums, "podium")}.`;
}

/**
 * A short version of a card (FNV-1a of what it shows): the image's address carries it, so a chat
 * app that keeps pictures by address fetches the new podium once the results change.
 */
export function cardVersion(card: RaceCard | RacerCard): string {
  let hash = 0x811c9dc5;
  for (const ch of JSON.stringify(card)) {
    hash ^= ch.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/** The og:image of a race page with results: its podium, the address versioned by the card. */
export function raceImage(raceId: number, card: RaceCard): PreviewImage {
  return {
    path: `/results/${raceId}/preview.png?v=${cardVersion(card)}`,
    width: PREVIEW_WIDTH,
    height: PREVIEW_HEIGHT,
    alt: raceCardAlt(card),
  };
}

/** The og:image of a racer's profile: their season. */
export function racerImage(competitorId: number, card: RacerCard): PreviewImage {
  return {
    path: `/competitor/${competitorId}/preview.png?v=${cardVersion(card)}`,
    width: PREVIEW_WIDTH,
    height: PREVIEW_HEIGHT,
    alt: racerCardAlt(card),
  };
}

/** One line of plain text: no control or text-direction characters, spaces collapsed. */
export function plainLine(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, " ")
      .replace(/\s+/g, " ")
      .trim()
  );
}

/** `text`, cut with an ellipsis where it would be wider than `maxWidth`. */
export function fitText(face: Typeface, text: string, maxWidth: number, size: number, weight: Weight): string {
  const line = plainLine(text);
  if (face.width(line, size, weight) <= maxWidth) return line;
  const chars = [...line];
  // The longest prefix that fits with the ellipsis: a binary search over code points.
  let low = 0;
  let high = chars.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (face.width(`${chars.slice(0, mid).join("").trimEnd()}…`, size, weight) <= maxWidth) low = mid;
    else high = mid - 1;
  }
  return `${chars.slice(0, low).join("").trimEnd()}…`;
}

interface TextOptions {
  x: number;
  y: number;
  size: number;
  weight?: Weight;
  fill: string;
  maxWidth: number;
  anchor?: "start" | "middle" | "end";
}

function text(face: Typeface, value: string, o: TextOptions): string {
  const weight = o.weight ?? "regular";
  const line = fitText(face, value, o.maxWidth, o.size, weight);
  if (!line) return "";
  const width = face.width(line, o.size, weight);
  const x = o.anchor === "middle" ? o.x - width / 2 : o.anchor === "end" ? o.x - width : o.x;
  return `<path fill="${o.fill}" d="${face.path(line, x, o.y, o.size, weight)}"/>`;
}

const COLORS = {
  background: "#0b5c8e",
  panel: "#0a4b74",
  text: "#ffffff",
  muted: "#cfe3f1",
  medals: ["#f2c230", "#c9d1d9", "#d08a4b"],
  medalText: "#10263a",
} as const;

const MARGIN = 64;
const INNER = PREVIEW_WIDTH - 2 * MARGIN;

function frame(face: Typeface, alt: string, clubName: string, body: string): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PREVIEW_WIDTH}" height="${PREVIEW_HEIGHT}" viewBox="0 0 ${PREVIEW_WIDTH} ${PREVIEW_HEIGHT}">`,
    // The one text in the markup (the drawn texts are outlines): escaped, as a name may hold "<".
    `<title>${escapeXml(alt)}</title>`,
    `<rect width="${PREVIEW_WIDTH}" height="${PREVIEW_HEIGHT}" fill="${COLORS.background}"/>`,
    `<rect y="${PREVIEW_HEIGHT - 12}" width="${PREVIEW_WIDTH}" height="12" fill="${COLORS.medals[0]}"/>`,
    text(face, clubName, { x: MARGIN, y: 82, size: 28, weight: "bold", fill: COLORS.muted, maxWidth: INNER }),
    body,
    "</svg>",
  ].join("");
}

function medal(face: Typeface, rank: number, cx: number, cy: number): string {
  const fill = COLORS.medals[Math.min(rank, 3) - 1] ?? COLORS.medals[2];
  return (
    `<circle cx="${cx}" cy="${cy}" r="26" fill="${fill}"/>` +
    text(face, String(rank), {
      x: cx,
      y: cy + 11,
      size: 30,
      weight: "bold",
      fill: COLORS.medalText,
      maxWidth: 48,
      anchor: "middle",
    })
  );
}

/** The race's podium: its title, date and place, then the first three of up to three classes. */
export function raceCardSvg(face: Typeface, card: RaceCard): string {
  const shown = card.classes.slice(0, MAX_CLASSES);
  const gap = 24;
  const columnWidth = (INNER - gap * (shown.length - 1)) / Math.max(shown.length, 1);
  const top = 250;
  const columns = shown.map((c, i) => {
    const x = MARGIN + i * (columnWidth + gap);
    const rows = c.places.map((p, row) => {
      const y = top + 78 + row * 92;
      return (
        medal(face, p.rank, x + 50, y) +
        text(face, p.racerName, {
          x: x + 94,
          y: y - 2,
          size: 32,
          weight: "bold",
          fill: COLORS.text,
          maxWidth: columnWidth - 112,
        }) +
        text(face, p.boat, { x: x + 94, y: y + 32, size: 24, fill: COLORS.muted, maxWidth: columnWidth - 112 })
      );
    });
    return (
      `<rect x="${x}" y="${top}" width="${columnWidth}" height="320" rx="16" fill="${COLORS.panel}"/>` +
      text(face, c.boatClass, {
        x: x + 24,
        y: top + 38,
        size: 26,
        weight: "bold",
        fill: COLORS.medals[0],
        maxWidth: columnWidth - 48,
      }) +
      rows.join("")
    );
  });
  const more = card.classes.length - shown.length;
  const body = [
    text(face, card.title, { x: MARGIN, y: 158, size: 60, weight: "bold", fill: COLORS.text, maxWidth: INNER }),
    text(face, [card.date, card.location].filter(Boolean).join(" · "), {
      x: MARGIN,
      y: 210,
      size: 30,
      fill: COLORS.muted,
      maxWidth: INNER,
    }),
    ...columns,
    more > 0
      ? text(face, `and ${countOf(more, "more class", "more classes")}`, {
          x: PREVIEW_WIDTH - MARGIN,
          y: 600,
          size: 22,
          fill: COLORS.muted,
          maxWidth: INNER,
          anchor: "end",
        })
      : "",
  ];
  return frame(face, raceCardAlt(card), card.clubName, body.join(""));
}

function tile(face: Typeface, x: number, y: number, width: number, value: string, label: string): string {
  return (
    `<rect x="${x}" y="${y}" width="${width}" height="120" rx="16" fill="${COLORS.panel}"/>` +
    text(face, value, {
      x: x + width / 2,
      y: y + 66,
      size: 48,
      weight: "bold",
      fill: COLORS.text,
      maxWidth: width - 24,
      anchor: "middle",
    }) +
    text(face, label, { x: x + width / 2, y: y + 102, size: 22, fill: COLORS.muted, maxWidth: width - 24, anchor: "middle" })
  );
}

/** Finishing positions as bars: the better the finish, the taller the bar. */
function recentBars(face: Typeface, positions: readonly number[], x: number, y: number, width: number, height: number): string {
  const shown = positions.slice(-RECENT_BARS);
  if (shown.length === 0) return "";
  const worst = Math.max(...shown, 3);
  const step = width / RECENT_BARS;
  const bars = shown.map((position, i) => {
    const barHeight = Math.max(8, ((worst + 1 - position) / worst) * (height - 40));
    const fill = position <= 3 ? COLORS.medals[position - 1] : COLORS.muted;
    return `<rect x="${(x + i * step + 6).toFixed(1)}" y="${(y + height - barHeight).toFixed(1)}" width="${(step - 12).toFixed(1)}" height="${barHeight.toFixed(1)}" rx="4" fill="${fill}"/>`;
  });
  return (
    text(face, `Last ${countOf(shown.length, "race")}`, { x, y: y - 12, size: 22, fill: COLORS.muted, maxWidth: width }) +
    bars.join("")
  );
}

/** The racer's season: name and boat, the championship place, points, wins and podiums, recent form. */
export function racerCardSvg(face: Typeface, card: RacerCard): string {
  const s = card.season;
  const headline = s
    ? `${s.seasonName} · ${s.boatClass} · ${s.position ? `${ordinal(s.position)} of ${s.classified}` : "not classified"}`
    : countOf(card.career.races, "race");
  const figures = s
    ? [
        [String(s.points), "points"],
        [String(s.wins), s.wins === 1 ? "win" : "wins"],
        [String(s.podiums), s.podiums === 1 ? "podium" : "podiums"],
        [String(s.races), s.races === 1 ? "race" : "races"],
      ]
    : [
        [String(card.career.points), "points"],
        [String(card.career.wins), "wins"],
        [String(card.career.podiums), "podiums"],
      ];
  const chart = card.recent.length > 0;
  const tilesWidth = chart ? 640 : INNER;
  const gap = 20;
  const tileWidth = (tilesWidth - gap * (figures.length - 1)) / figures.length;
  const body = [
    text(face, card.name, { x: MARGIN, y: 164, size: 68, weight: "bold", fill: COLORS.text, maxWidth: INNER }),
    text(face, card.boat, { x: MARGIN, y: 216, size: 32, fill: COLORS.muted, maxWidth: INNER }),
    text(face, headline, { x: MARGIN, y: 318, size: 40, weight: "bold", fill: COLORS.medals[0], maxWidth: INNER }),
    ...figures.map(([value, label], i) => tile(face, MARGIN + i * (tileWidth + gap), 380, tileWidth, value!, label!)),
    chart ? recentBars(face, card.recent, MARGIN + tilesWidth + 48, 380, INNER - tilesWidth - 48, 150) : "",
  ];
  return frame(face, racerCardAlt(card), card.clubName, body.join(""));
}
