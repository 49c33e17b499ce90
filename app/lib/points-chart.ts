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
