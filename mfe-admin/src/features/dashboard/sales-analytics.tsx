import {
  type AnalyticsDimension,
  type AnalyticsFigures,
  type AnalyticsGranularity,
  type AnalyticsPoint,
  type AnalyticsQuery,
  addDays,
  analyticsDimensionLabels,
  analyticsDimensions,
  analyticsGranularities,
  analyticsGranularityLabels,
  analyticsPresets,
  analyticsQuerySchema,
  formatRupiah,
  formatTotal,
  wibDay,
} from '@gi/contracts';
import { useQuery } from '@gi/platform';
import { buttonClass, Field, SelectField, useErrorToast, useZodForm } from '@gi/ui';
import { EmptyState, ErrorState, LoadingState } from '@gi/ui/states';
import { type FormEvent, useState } from 'react';
import { LabelledTable, TableRegion } from '../../shared/table-region.tsx';
import { analyticsQuery } from './analytics-api.ts';
import styles from './sales-analytics.module.css';
import { type ChartMetric, SalesChart } from './sales-chart.tsx';

// The admin's sales analytics (issue 42, decision 055): a period of WIB days against the one
// before it, as cards with the change in percent, a chart and the same figures as a table.

const metrics: { id: ChartMetric; label: string; money: boolean }[] = [
  { id: 'revenue', label: 'Pendapatan', money: true },
  { id: 'orders', label: 'Pesanan', money: false },
  { id: 'averageOrderValue', label: 'Rata-rata per Pesanan', money: true },
  { id: 'units', label: 'Unit Terjual', money: false },
];

/** The last `days` WIB days up to today. */
const lastDays = (days: number, granularity: AnalyticsGranularity = 'day'): AnalyticsQuery => {
  const to = wibDay();
  return { from: addDays(to, -(days - 1)), to, granularity };
};

// Built on first use: the admin's other sections never pay for the locale's data.
const formatter = (options: Intl.DateTimeFormatOptions) => {
  let made: Intl.DateTimeFormat | undefined;
  return (date: Date) => {
    made ??= new Intl.DateTimeFormat('id-ID', { ...options, timeZone: 'UTC' });
    return made.format(date);
  };
};
const dayMonth = formatter({ day: 'numeric', month: 'short' });
const monthYear = formatter({ month: 'short', year: 'numeric' });
const longDay = formatter({ day: 'numeric', month: 'long', year: 'numeric' });
const asDate = (day: string) => new Date(`${day}T00:00:00Z`);

/** A step's start as the chart writes it. */
export const stepLabel = (granularity: AnalyticsGranularity) => (point: AnalyticsPoint) =>
  granularity === 'month' ? monthYear(asDate(point.start)) : dayMonth(asDate(point.start));

/** A step as the table's row header writes it. */
const rowLabel = (granularity: AnalyticsGranularity, point: AnalyticsPoint) =>
  granularity === 'week'
    ? `Minggu mulai ${longDay(asDate(point.start))}`
    : granularity === 'month'
      ? monthYear(asDate(point.start))
      : longDay(asDate(point.start));

/** '▲ naik 12,5%', '▼ turun 3%', or why there is no comparison. */
export function changeText(change: number | null): string {
  if (change === null) return 'tidak ada pembanding';
  if (change === 0) return 'sama dengan periode sebelumnya';
  const percent = `${String(Math.abs(change)).replace('.', ',')}%`;
  return change > 0 ? `▲ naik ${percent}` : `▼ turun ${percent}`;
}

const formatOf = (money: boolean) => (money ? formatRupiah : (value: number) => formatTotal(value));

export function SalesAnalytics() {
  const [period, setPeriod] = useState<AnalyticsQuery>(() => lastDays(7));
  const { errors, setErrors, parse } = useZodForm(analyticsQuerySchema);
  const [metric, setMetric] = useState<ChartMetric>('revenue');
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const analytics = useQuery(analyticsQuery(period));
  useErrorToast(analytics.isError, 'Gagal memuat analitik penjualan');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = parse(event.currentTarget);
    if (parsed) setPeriod(parsed);
  };

  const chosen = metrics.find((m) => m.id === metric) ?? (metrics[0] as (typeof metrics)[number]);
  return (
    <div className={styles.analytics}>
      <section aria-labelledby="period-title" className={styles.panel}>
        <h3 id="period-title">Periode</h3>
        <div className={styles.presets}>
          {analyticsPresets.map((preset) => (
            <button
              key={preset.label}
              type="button"
              className={buttonClass.secondary}
              onClick={() => {
                setErrors({});
                setPeriod(lastDays(preset.days, preset.granularity));
              }}
            >
              {preset.label}
            </button>
          ))}
        </div>
        {/* Keyed by the period: a preset refills the fields. */}
        <form
          key={`${period.from}:${period.to}:${period.granularity}`}
          className={styles.period}
          onSubmit={submit}
          noValidate
        >
          <Field
            label="Dari tanggal"
            name="from"
            type="date"
            defaultValue={period.from}
            error={errors.from}
          />
          <Field label="Sampai tanggal" name="to" type="date" defaultValue={period.to} error={errors.to} />
          <SelectField
            label="Satuan waktu"
            name="granularity"
            defaultValue={period.granularity}
            error={errors.granularity}
          >
            {analyticsGranularities.map((granularity) => (
              <option key={granularity} value={granularity}>
                {analyticsGranularityLabels[granularity]}
              </option>
            ))}
          </SelectField>
          <button type="submit" className={buttonClass.primary}>
            Tampilkan
          </button>
        </form>
      </section>

      {analytics.isPending ? (
        <LoadingState>Memuat analitik penjualan...</LoadingState>
      ) : analytics.isError ? (
        <ErrorState message="Gagal memuat analitik penjualan" onRetry={() => analytics.refetch()} />
      ) : (
        <>
          <p className={styles.note}>
            Pesanan dibayar (Diproses, Dikirim, Diterima) per tanggal pesanan dibuat (WIB),{' '}
            {longDay(asDate(analytics.data.from))} – {longDay(asDate(analytics.data.to))}, dibanding{' '}
            {longDay(asDate(analytics.data.previousFrom))} – {longDay(asDate(analytics.data.previousTo))}.
          </p>
          <ul className={styles.cards} aria-label="Ringkasan periode">
            {metrics.map((m) => (
              <li key={m.id} className={styles.card}>
                <span className={styles.cardLabel}>{m.label}</span>{' '}
                <span className={styles.cardValue}>{formatOf(m.money)(analytics.data.totals[m.id])}</span>{' '}
                <Change value={analytics.data.change[m.id]} />
              </li>
            ))}
          </ul>

          <section aria-labelledby="trend-title" className={styles.panel}>
            <div className={styles.toolbar}>
              <h3 id="trend-title">Tren {chosen.label}</h3>
              <fieldset className={styles.views}>
                <legend>Tampilan</legend>
                <button
                  type="button"
                  className={buttonClass.secondary}
                  aria-pressed={view === 'chart'}
                  onClick={() => setView('chart')}
                >
                  Grafik
                </button>
                <button
                  type="button"
                  className={buttonClass.secondary}
                  aria-pressed={view === 'table'}
                  onClick={() => setView('table')}
                >
                  Tabel
                </button>
              </fieldset>
            </div>
            {view === 'chart' ? (
              <>
                <SelectField
                  label="Angka di grafik"
                  value={metric}
                  onChange={(event) => setMetric(event.target.value as ChartMetric)}
                >
                  {metrics.map((m) => (
                    <option key={m.id} value={m.id}>
                      {m.label}
                    </option>
                  ))}
                </SelectField>
                <SalesChart
                  points={analytics.data.series}
                  previous={analytics.data.previousSeries}
                  metric={metric}
                  format={formatOf(chosen.money)}
                  label={stepLabel(analytics.data.granularity)}
                  title={`Grafik ${chosen.label.toLowerCase()} ${analyticsGranularityLabels[analytics.data.granularity].toLowerCase()}: batang periode ini, garis putus-putus periode sebelumnya. Angka lengkapnya di tampilan Tabel.`}
                />
                <p className={styles.legend}>
                  <span className={styles.swatch} aria-hidden="true" /> Periode ini{' '}
                  <span className={styles.dash} aria-hidden="true" /> Periode sebelumnya
                </p>
              </>
            ) : (
              <TrendTable
                points={analytics.data.series}
                previous={analytics.data.previousSeries}
                totals={analytics.data.totals}
                granularity={analytics.data.granularity}
              />
            )}
          </section>

          <div className={styles.breakdowns}>
            {analyticsDimensions.map((dimension) => (
              <Breakdown key={dimension} dimension={dimension} rows={analytics.data.breakdowns[dimension]} />
            ))}
          </div>
        </>
      )}
    </div>
  );
}

function Change({ value }: { value: number | null }) {
  const tone = value === null || value === 0 ? styles.flat : value > 0 ? styles.up : styles.down;
  return <span className={tone}>{changeText(value)}</span>;
}

interface TrendTableProps {
  points: AnalyticsPoint[];
  previous: AnalyticsPoint[];
  totals: AnalyticsFigures;
  granularity: AnalyticsGranularity;
}

/** The chart's figures, step by step: the accessible reading of the trend. */
function TrendTable({ points, previous, totals, granularity }: TrendTableProps) {
  return (
    // Six figures a step do not fit a phone: the table scrolls in its own region, reachable by keyboard.
    <TableRegion label="Tabel penjualan per periode">
      <table className={styles.table}>
        <caption>Penjualan {analyticsGranularityLabels[granularity].toLowerCase()}</caption>
        <thead>
          <tr>
            <th scope="col">Periode</th>
            <th scope="col">Pendapatan</th>
            <th scope="col">Pesanan</th>
            <th scope="col">Rata-rata per Pesanan</th>
            <th scope="col">Unit Terjual</th>
            <th scope="col">Pendapatan periode sebelumnya</th>
          </tr>
        </thead>
        <tbody>
          {points.map((point, i) => (
            <tr key={point.start}>
              <th scope="row">{rowLabel(granularity, point)}</th>
              <td>{formatRupiah(point.revenue)}</td>
              <td>{formatTotal(point.orders)}</td>
              <td>{formatRupiah(point.averageOrderValue)}</td>
              <td>{formatTotal(point.units)}</td>
              <td>{formatRupiah(previous[i]?.revenue ?? 0)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td>{formatRupiah(totals.revenue)}</td>
            <td>{formatTotal(totals.orders)}</td>
            <td>{formatRupiah(totals.averageOrderValue)}</td>
            <td>{formatTotal(totals.units)}</td>
            <td>{formatRupiah(previous.reduce((sum, point) => sum + point.revenue, 0))}</td>
          </tr>
        </tfoot>
      </table>
    </TableRegion>
  );
}

const itemized: readonly AnalyticsDimension[] = ['product', 'size', 'collection'];

/** One breakdown: its top rows by revenue, each with a bar of its share (the figures beside it). */
function Breakdown({
  dimension,
  rows,
}: {
  dimension: AnalyticsDimension;
  rows: { key: string; label: string; orders: number; revenue: number; units: number }[];
}) {
  const top = Math.max(1, ...rows.map((row) => row.revenue));
  const title = analyticsDimensionLabels[dimension];
  return (
    <section aria-label={title} className={styles.panel}>
      <h3>{title}</h3>
      {rows.length === 0 ? (
        <EmptyState>
          <p>Belum ada penjualan di periode ini.</p>
        </EmptyState>
      ) : (
        // The admin's tables' layout: one card per row on a phone, each figure beside its heading.
        <div className={styles.figures}>
          <LabelledTable
            columns={[
              'Nama',
              itemized.includes(dimension) ? 'Baris pesanan' : 'Pesanan',
              ...(itemized.includes(dimension) ? ['Unit'] : []),
              'Pendapatan',
            ]}
          >
            <tbody>
              {rows.map((row) => (
                <tr key={row.key}>
                  <th scope="row">
                    {row.label}
                    <span
                      className={styles.bar}
                      style={{ width: `${(row.revenue / top) * 100}%` }}
                      aria-hidden="true"
                    />
                  </th>
                  <td>{formatTotal(row.orders)}</td>
                  {itemized.includes(dimension) && <td>{formatTotal(row.units)}</td>}
                  <td>{formatRupiah(row.revenue)}</td>
                </tr>
              ))}
            </tbody>
          </LabelledTable>
        </div>
      )}
    </section>
  );
}
