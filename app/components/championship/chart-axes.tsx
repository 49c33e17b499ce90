import { CHART, type ChartGeometry } from "~/lib/championship/points-chart";

type Axes = Pick<ChartGeometry, "plot" | "xTicks" | "yTicks">;

/** The grid lines, tick labels and axis titles every server-drawn chart shares. */
export function ChartAxes({ chart, xLabel, yLabel }: { chart: Axes; xLabel: string; yLabel?: string }) {
  return (
    <g className="text-muted-foreground" fontSize="11" fill="currentColor">
      {chart.yTicks.map((tick) => (
        <g key={tick.label}>
          <line x1={chart.plot.left} x2={chart.plot.right} y1={tick.y} y2={tick.y} stroke="currentColor" strokeOpacity="0.2" />
          <text x={chart.plot.left - 4} y={tick.y} dy="0.32em" textAnchor="end">
            {tick.label}
          </text>
        </g>
      ))}
      {chart.xTicks.map((tick) => (
        <text key={tick.label} x={tick.x} y={chart.plot.bottom + 12} textAnchor="middle">
          {tick.label}
        </text>
      ))}
      <text x={(chart.plot.left + chart.plot.right) / 2} y={CHART.height - 2} textAnchor="middle">
        {xLabel}
      </text>
      {yLabel && (
        <text transform={`translate(10 ${(chart.plot.top + chart.plot.bottom) / 2}) rotate(-90)`} textAnchor="middle">
          {yLabel}
        </text>
      )}
    </g>
  );
}
