/**
 * Geometry of the points-progression chart, computed on the server (called from loaders) with
 * d3-scale and d3-shape so that no chart code reaches the browser: the page only renders the
 * paths and ticks this returns.
 */
import { scaleLinear } from "d3-scale";
import { line } from "d3-shape";

/** Drawn in this box and scaled to the page's width; small enough that text stays legible at 375 px. */
export const CHART = { width: 360, height: 220, top: 12, right: 12, bottom: 30, left: 36 } as const;

/** Ten colours that stay apart for common colour-vision deficiencies (Okabe-Ito, then darker steps). */
export const CHART_COLOURS = [
  "#0072b2",
  "#d55e00",
  "#009e73",
  "#cc79a7",
  "#e69f00",
  "#56b4e9",
  "#000000",
  "#8c564b",
  "#7f7f7f",
  "#9467bd",
] as const;

export const CHART_LINES = 10;

export interface ChartSeries {
  competitorId: number;
  name: string;
  colour: string;
  /** Cumulative points after each round. */
  cumulative: number[];
  path: string;
}

export interface ChartGeometry {
  series: ChartSeries[];
  xTicks: { x: number; label: string }[];
  yTicks: { y: number; label: string }[];
  plot: { left: number; right: number; top: number; bottom: number };
}

/** Lines for the first CHART_LINES racers (already in standings order); null with no rounds. */
export function progressionChart(
  rounds: number,
  racers: readonly { competitorId: number; name: string; cumulative: number[] }[],
): ChartGeometry | null {
  if (rounds === 0 || racers.length === 0) return null;
  const top = racers.slice(0, CHART_LINES);
  const plot = { left: CHART.left, right: CHART.width - CHART.right, top: CHART.top, bottom: CHART.height - CHART.bottom };
  // x = 0 is the start of the season (everyone on 0), x = i the points after round i.
  const x = scaleLinear().domain([0, rounds]).range([plot.left, plot.right]);
  const max = Math.max(1, ...top.map((r) => r.cumulative.at(-1) ?? 0));
  const y = scaleLinear().domain([0, max]).nice(5).range([plot.bottom, plot.top]);
  const draw = line<number>()
    .x((_, i) => x(i))
    .y((points) => y(points));
  const every = Math.ceil(rounds / 12);
  return {
    series: top.map((racer, i) => ({
      competitorId: racer.competitorId,
      name: racer.name,
      colour: CHART_COLOURS[i % CHART_COLOURS.length]!,
      cumulative: racer.cumulative,
      path: draw([0, ...racer.cumulative]) ?? "",
    })),
    xTicks: Array.from({ length: rounds }, (_, i) => i + 1)
      .filter((round) => round % every === 0 || round === 1)
      .map((round) => ({ x: x(round), label: String(round) })),
    yTicks: y.ticks(5).map((value) => ({ y: y(value), label: String(value) })),
    plot,
  };
}

export interface TrendSeries {
  boatClass: string;
  colour: string;
  /** "circle" or "square": the classes differ by shape as well as colour. */
  marker: "circle" | "square";
  path: string;
  points: { x: number; y: number; position: number; raceTitle: string; raceDate: string }[];
}

export interface TrendGeometry {
  series: TrendSeries[];
  /** One tick per race, oldest left: its number in the chart (1 = oldest shown). */
  xTicks: { x: number; label: string }[];
  yTicks: { y: number; label: string }[];
  plot: ChartGeometry["plot"];
  races: number;
}

/**
 * The profile's finishing-position trend: x = the racer's races in date order (oldest left), y =
 * finishing position with 1st at the top, one line per class. Null with no finishes.
 */
export function positionTrendChart(
  finishes: readonly { raceId: number; raceTitle: string; raceDate: string; boatClass: string; position: number }[],
): TrendGeometry | null {
  if (finishes.length === 0) return null;
  const raceIds = [...new Set(finishes.map((f) => f.raceId))];
  const index = new Map(raceIds.map((id, i) => [id, i + 1]));
  const plot = { left: CHART.left, right: CHART.width - CHART.right, top: CHART.top, bottom: CHART.height - CHART.bottom };
  // Half a step of room either side so the first and last races are not on the axis.
  const x = scaleLinear()
    .domain([0.5, raceIds.length + 0.5])
    .range([plot.left, plot.right]);
  const worst = Math.max(3, ...finishes.map((f) => f.position));
  const y = scaleLinear()
    .domain([1, worst])
    .range([plot.top + 4, plot.bottom - 4]);
  const draw = line<{ x: number; y: number }>()
    .x((p) => p.x)
    .y((p) => p.y);
  const classes = [...new Set(finishes.map((f) => f.boatClass))];
  const every = Math.ceil(raceIds.length / 10);
  return {
    series: classes.map((boatClass, i) => {
      const points = finishes
        .filter((f) => f.boatClass === boatClass)
        .map((f) => ({
          x: x(index.get(f.raceId)!),
          y: y(f.position),
          position: f.position,
          raceTitle: f.raceTitle,
          raceDate: f.raceDate,
        }));
      return {
        boatClass,
        colour: CHART_COLOURS[i % CHART_COLOURS.length]!,
        marker: i % 2 === 0 ? ("circle" as const) : ("square" as const),
        path: draw(points) ?? "",
        points,
      };
    }),
    xTicks: raceIds
      .map((_, i) => i + 1)
      .filter((n) => n === 1 || n % every === 0)
      .map((n) => ({ x: x(n), label: String(n) })),
    // 1st is always labelled: it is the line a racer aims for.
    yTicks: [...new Set([1, ...y.ticks(Math.min(worst - 1, 6)).filter((v) => Number.isInteger(v))])].map((value) => ({
      y: y(value),
      label: String(value),
    })),
    plot,
    races: raceIds.length,
  };
}
