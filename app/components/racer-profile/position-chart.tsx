import { useId } from "react";
import { ChartAxes } from "~/components/championship/chart-axes";
import { CHART, type TrendGeometry } from "~/lib/championship/points-chart";
import { ordinal } from "~/lib/util/ordinal";
import { countOf } from "~/lib/util/plural";

function Marker({ shape, x, y, colour }: { shape: "circle" | "square"; x: number; y: number; colour: string }) {
  return shape === "circle" ? (
    <circle cx={x} cy={y} r="3.5" fill={colour} />
  ) : (
    <rect x={x - 3.5} y={y - 3.5} width="7" height="7" fill={colour} />
  );
}

/**
 * A racer's finishing positions over their last races, drawn from geometry the loader computed
 * (no chart code in the browser). 1st is at the top. The description reads the positions out and
 * the table below the chart (in a disclosure) gives each race.
 */
export function PositionChart({ chart, racerName }: { chart: TrendGeometry; racerName: string }) {
  const id = useId();
  const perClass = chart.series.map((s) => `${s.boatClass}: ${s.points.map((p) => ordinal(p.position)).join(", ")}`).join(". ");
  return (
    <figure className="space-y-2">
      <svg
        viewBox={`0 0 ${CHART.width} ${CHART.height}`}
        className="h-auto w-full max-w-2xl"
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        data-testid="position-chart"
      >
        <title id={`${id}-title`}>{`${racerName}: finishing positions in the last ${countOf(chart.races, "race")}`}</title>
        <desc id={`${id}-desc`}>{`Oldest race first, 1st at the top. ${perClass}.`}</desc>
        <ChartAxes chart={chart} xLabel="Race" yLabel="Position" />
        {chart.series.map((s) => (
          <g key={s.boatClass}>
            <path d={s.path} fill="none" stroke={s.colour} strokeWidth="2" strokeLinejoin="round" />
            {s.points.map((p, i) => (
              <Marker key={i} shape={s.marker} x={p.x} y={p.y} colour={s.colour} />
            ))}
          </g>
        ))}
      </svg>
      {chart.series.length > 1 && (
        <figcaption>
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label="Chart key">
            {chart.series.map((s) => (
              <li key={s.boatClass} className="inline-flex items-center gap-1.5">
                <svg aria-hidden="true" width="10" height="10" viewBox="0 0 10 10">
                  <Marker shape={s.marker} x={5} y={5} colour={s.colour} />
                </svg>
                {s.boatClass}
              </li>
            ))}
          </ul>
        </figcaption>
      )}
    </figure>
  );
}
