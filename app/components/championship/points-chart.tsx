import { useId } from "react";
import { ChartAxes } from "~/components/championship/chart-axes";
import { CHART, type ChartGeometry } from "~/lib/championship/points-chart";

/**
 * The points-progression chart, drawn from geometry the loader computed (no chart code in the
 * browser). The grid above it is its table equivalent; the description says so and gives totals.
 */
export function PointsChart({ chart, boatClass, seasonName }: { chart: ChartGeometry; boatClass: string; seasonName: string }) {
  const id = useId();
  const leaders = chart.series.map((s) => `${s.name} ${s.cumulative.at(-1) ?? 0}`).join(", ");
  return (
    <figure className="space-y-2">
      <svg
        viewBox={`0 0 ${CHART.width} ${CHART.height}`}
        className="h-auto w-full max-w-2xl"
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        data-testid="points-chart"
      >
        <title id={`${id}-title`}>{`${boatClass} points progression, ${seasonName}`}</title>
        <desc id={`${id}-desc`}>
          {`Cumulative points after each round for the top ${chart.series.length}: ${leaders}. The table above gives every round's points.`}
        </desc>
        <ChartAxes chart={chart} xLabel="Round" />
        {chart.series.map((s) => (
          <path key={s.competitorId} d={s.path} fill="none" stroke={s.colour} strokeWidth="2" strokeLinejoin="round" />
        ))}
      </svg>
      <figcaption>
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label="Chart key">
          {chart.series.map((s) => (
            <li key={s.competitorId} className="inline-flex items-center gap-1.5">
              <svg aria-hidden="true" width="16" height="4" viewBox="0 0 16 4">
                <rect width="16" height="4" rx="2" fill={s.colour} />
              </svg>
              {s.name}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
