import type { AnalyticsPoint } from '@gi/contracts';

// The analytics' chart, drawn as SVG by hand (decision 055): bars for the period, a dashed line
// for the previous one, three labels under it so a phone's width stays readable. The table
// beside it (sales-analytics.tsx) carries the same figures for screen readers and exact reading.

const WIDTH = 320;
const HEIGHT = 160;
const TOP = 14;
const BOTTOM = 22;

export type ChartMetric = 'revenue' | 'orders' | 'averageOrderValue' | 'units';

interface SalesChartProps {
  points: AnalyticsPoint[];
  previous: AnalyticsPoint[];
  metric: ChartMetric;
  /** How a value reads (rupiah or a count), for the scale and each bar's title. */
  format: (value: number) => string;
  /** How a step's start reads under the chart. */
  label: (point: AnalyticsPoint) => string;
  /** What the picture shows, for those who cannot see it. */
  title: string;
}

export function SalesChart({ points, previous, metric, format, label, title }: SalesChartProps) {
  const top = Math.max(1, ...points.map((p) => p[metric]), ...previous.map((p) => p[metric]));
  const slot = WIDTH / Math.max(1, points.length);
  const plot = HEIGHT - TOP - BOTTOM;
  const y = (value: number) => TOP + plot - (value / top) * plot;
  const line = previous
    .map((point, i) => `${i === 0 ? 'M' : 'L'}${(i + 0.5) * slot},${y(point[metric])}`)
    .join(' ');
  // First, middle and last step: enough to place the bars, never crowded.
  const labelled = [...new Set([0, Math.floor((points.length - 1) / 2), points.length - 1])];
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={title} width="100%">
      <text x={0} y={10} fontSize={9} fill="currentColor">
        {format(top)}
      </text>
      <line x1={0} x2={WIDTH} y1={TOP + plot} y2={TOP + plot} stroke="currentColor" strokeOpacity={0.3} />
      {points.map((point, i) => {
        const height = (point[metric] / top) * plot;
        return (
          <rect
            key={point.start}
            x={i * slot + slot * 0.15}
            y={TOP + plot - height}
            width={slot * 0.7}
            height={height}
            fill="var(--gi-gold, #b08d57)"
          >
            <title>{`${label(point)}: ${format(point[metric])}`}</title>
          </rect>
        );
      })}
      {previous.length > 0 && (
        <path d={line} fill="none" stroke="currentColor" strokeOpacity={0.6} strokeDasharray="4 3" />
      )}
      {labelled.map((i) => {
        const point = points[i];
        if (!point) return null;
        const anchor = i === 0 ? 'start' : i === points.length - 1 ? 'end' : 'middle';
        const x = anchor === 'start' ? 0 : anchor === 'end' ? WIDTH : (i + 0.5) * slot;
        return (
          <text key={point.start} x={x} y={HEIGHT - 6} fontSize={9} textAnchor={anchor} fill="currentColor">
            {label(point)}
          </text>
        );
      })}
    </svg>
  );
}
