// Goals of issues 7 and 17 and the markdown tables of the storefront benchmark.
import { ADDED_SLOW_4G } from './inp.mjs';

const kib = (bytes) => bytes / 1024;
const num = (x, digits = 0) => (x == null ? '–' : x.toFixed(digits));

// Issue 17: a first visit to / in at most 20 requests and 110 KiB of compressed
// JavaScript; the other storefront pages within 10 % of that.
const firstVisit = (page, home) => (page === '/' ? home : home * 1.1);
export const INP_BUDGET_MS = 200;
// The wait on a phone's network is the round trips' (reported, no budget: inp.mjs).
const unbudgeted = (name) => name === ADDED_SLOW_4G;
// Issue 17: no task over 50 ms after the first paint at 4× CPU slowdown caused by our code.
const LONG_TASK_LABEL = 'our long tasks after first paint (4× CPU) = 0';
const ours = (tasks) => tasks.filter((t) => t.by === 'ours');
/** The median of the finite values (the mean of the middle two for an even count); null if none. */
export const median = (values) => {
  const v = values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!v.length) return null;
  const m = Math.floor(v.length / 2);
  return v.length % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
};

// Goals apply to the federated build (what ships); the single bundle is the baseline,
// the no-JS build (the same pages without scripts) the limit.
const goals = [
  { id: 'score', label: 'score ≥ 95', value: (m) => m.score, ok: (v) => v >= 95, digits: 0 },
  { id: 'lcp', label: 'LCP ≤ 2000 ms', value: (m) => m.lcpMs, ok: (v) => v <= 2000, digits: 0 },
  { id: 'cls', label: 'CLS ≤ 0.05', value: (m) => m.cls, ok: (v) => v <= 0.05, digits: 3 },
  { id: 'tbt', label: 'TBT ≤ 100 ms', value: (m) => m.tbtMs, ok: (v) => v <= 100, digits: 0 },
  {
    id: 'js',
    label: 'JS before LCP ≤ 150 KiB',
    pages: ['/'],
    value: (m) => kib(m.jsBeforeLcpBytes),
    ok: (v) => v <= 150,
    digits: 1,
  },
  {
    id: 'requests',
    label: 'requests before LCP ≤ 12',
    pages: ['/'],
    value: (m) => m.requestsBeforeLcp,
    ok: (v) => v <= 12,
    digits: 0,
  },
  {
    id: 'ratio',
    label: 'LCP ≤ 1.15 × single',
    value: (_, { ratio }) => ratio,
    ok: (v) => v <= 1.15,
    digits: 2,
  },
  {
    id: 'tbtNoJs',
    label: 'TBT ≤ no-JS + 30 ms',
    value: (_, { aboveNoJs }) => aboveNoJs,
    ok: (v) => v <= 30,
    digits: 0,
  },
  {
    id: 'allRequests',
    label: 'requests ≤ 20 (/; others 22)',
    value: (m) => m.requests,
    ok: (v, page) => v <= firstVisit(page, 20),
    digits: 0,
  },
  {
    id: 'allJs',
    label: 'JS ≤ 110 KiB (/; others 121)',
    value: (m) => kib(m.jsBytes),
    ok: (v, page) => v <= firstVisit(page, 110),
    digits: 1,
  },
];

export function evaluate(report) {
  const out = [];
  for (const [page, { median }] of Object.entries(report.builds.federated.pages)) {
    for (const g of goals) {
      if (g.pages && !g.pages.includes(page)) continue;
      const value = g.value(median, { ratio: report.lcpRatio[page], aboveNoJs: report.tbtAboveNoJs[page] });
      out.push({ page, goal: g.id, label: g.label, value, met: value != null && g.ok(value, page) });
    }
  }
  for (const [page, runs] of Object.entries(report.longTasks ?? {})) {
    const value = median(runs.map((tasks) => ours(tasks).length));
    out.push({ page, goal: 'longTasks', label: LONG_TASK_LABEL, value, met: value === 0 });
  }
  for (const [name, ms] of Object.entries(report.interactions.median))
    if (!unbudgeted(name))
      out.push({
        page: report.interactions.page,
        goal: 'inp',
        label: `${name} ≤ ${INP_BUDGET_MS} ms`,
        value: ms,
        met: ms != null && ms <= INP_BUDGET_MS,
      });
  return out;
}

// The first `text` columns are left-aligned, the figures right-aligned.
const table = (head, rows, text = 2) =>
  [
    `| ${head.join(' | ')} |`,
    `|${head.map((_, i) => (i < text ? '---' : '---:')).join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');

// Federation's virtual module files have long names; the part after the owner id says what it is.
const shortName = (file) =>
  (file ?? '?').replace(/^_virtual_mf___mfe_internal__\w+?__mf_owner__\d+__/, 'mf:');

export function markdown(report) {
  const { machine: m, builds } = report;
  const pages = Object.keys(builds.federated.pages);
  const perPage = table(
    ['page', 'build', 'score', 'LCP ms', 'TBT ms', 'CLS', 'KiB', 'JS KiB', 'requests', 'LCP fed/single'],
    pages.flatMap((p) =>
      Object.entries(builds).map(([name, b]) => {
        const x = b.pages[p].median;
        const ratio = name === 'federated' ? num(report.lcpRatio[p], 2) : '';
        return [
          p,
          name,
          num(x.score),
          num(x.lcpMs),
          num(x.tbtMs),
          num(x.cls, 3),
          num(kib(x.transferBytes), 1),
          num(kib(x.jsBytes), 1),
        ].concat([num(x.requests), ratio]);
      }),
    ),
  );
  const beforeLcp = table(
    ['page', 'build', 'observed LCP ms', 'requests before LCP', 'JS before LCP KiB', 'JS total KiB'],
    ['/', '/product/{id}'].flatMap((p) =>
      Object.entries(builds).map(([name, b]) => {
        const x = b.pages[p].median;
        return [p, name, num(x.observedLcpMs), num(x.requestsBeforeLcp)].concat([
          num(kib(x.jsBeforeLcpBytes), 1),
          num(kib(x.jsBytes), 1),
        ]);
      }),
    ),
  );
  // TBT swings with the machine's speed at that moment (Lighthouse's benchmark index),
  // so every run is shown next to the median it came from.
  const tbtRuns = table(
    ['page', 'build', 'TBT ms per run (benchmark index)'],
    pages.flatMap((p) =>
      Object.entries(builds).map(([name, b]) => [
        p,
        name,
        b.pages[p].runs.map((r) => `${num(r.tbtMs)} (${num(r.benchmarkIndex)})`).join(', '),
      ]),
    ),
  );
  const goalTable = table(
    ['page', ...goals.map((g) => g.label)],
    pages.map((p) => [
      p,
      ...goals.map((g) => {
        const r = report.goals.find((x) => x.page === p && x.goal === g.id);
        return r ? `${num(r.value, g.digits)} ${r.met ? '✅' : '❌'}` : '–';
      }),
    ]),
    1,
  );
  const { interactions } = report;
  const latency = table(
    ['interaction', `latency ms (median)`, 'per run', `≤ ${INP_BUDGET_MS} ms`],
    Object.entries(interactions.median).map(([name, ms]) => [
      name,
      num(ms),
      interactions.runs.map((r) => num(r[name])).join(', '),
      unbudgeted(name) ? '–' : ms != null && ms <= INP_BUDGET_MS ? '✅' : '❌',
    ]),
    1,
  );
  // Per run, the tasks of one kind: "ms (file)" each, or 'none'; runs apart by ' · '.
  const tasksOf = (runs, keep, label = (t) => `${t.ms}`) =>
    runs.map((tasks) => tasks.filter(keep).map(label).join(', ') || 'none').join(' · ');
  const longTasks = table(
    [
      'page',
      'our tasks > 50 ms per run: ms (script)',
      'React’s module evaluation > 50 ms per run',
      'browser’s own > 50 ms per run',
      'goal: none of ours',
    ],
    Object.entries(report.longTasks ?? {}).map(([page, runs]) => {
      const r = report.goals.find((x) => x.page === page && x.goal === 'longTasks');
      return [
        page,
        tasksOf(
          runs,
          (t) => t.by === 'ours',
          (t) => `${t.ms} (${shortName(t.file)})`,
        ),
        tasksOf(runs, (t) => t.by === 'library'),
        tasksOf(runs, (t) => t.by === 'browser' || t.by === 'other'),
        r?.met ? '✅' : '❌',
      ];
    }),
    4,
  );
  const header = `Measured ${report.date} on ${m.cores} cores (${m.cpu}), ${m.ramGiB} GiB, Node ${m.node}, ${m.chromium}, Lighthouse ${m.lighthouse}; median of ${report.runs} run(s) per page and build.`;
  const method =
    'Method: Lighthouse Node API with its default mobile config (simulated throttling, mobile form factor), performance category only; every run in a new headless Chromium with a fresh profile, so each is a cold first visit, against `wrangler dev` on loopback with the demo data. The federated build (`dist`), the single bundle (`dist-single`, remotes imported at build time) and no-JS (the federated server’s pages with every `<script>` element taken out by a proxy, `bench/no-js.mjs`: the limit) run interleaved, alternating the order. Score, LCP and TBT are Lighthouse’s simulated figures, KiB and requests its `diagnostics`. The before-LCP figures are observed (unthrottled): requests from `network-requests` whose `networkRequestTime`, aligned to the trace’s navigation start, precedes the observed LCP, and the compressed transfer size of the scripts among them. Goals are checked on the federated build, the one that ships. Interaction latency (`bench/inp.mjs`): on the federated product page, one cold visit per run in Chromium at 4× CPU slowdown and a 412 px wide screen, after the app has started: pick another size, tap ‘Tambah ke Keranjang’, open the mobile menu; each figure is the longest Event Timing entry of that interaction, as INP counts it (16 ms: below the observer’s threshold); ‘until added’ is the time from that tap to mfe-cart’s `cart:updated`, which on this first press includes loading mfe-cart’s code (decision 020), and ‘on slow 4G’ the same in another cold visit with the network throttled as Lighthouse’s mobile profile (150 ms round trips, 1.6 Mbit/s), reported without a budget. Long tasks (`bench/long-tasks.mjs`): one cold visit per page and run at 4× CPU slowdown, kept until the network is quiet for 1.5 s; each task over 50 ms that starts after the first contentful paint is attributed through the Long Animation Frames API to the script that ran longest in its frame (ours: a file or inline script from the shop’s origin; React’s module evaluation: the evaluation of the file federation builds for the shared react or react-dom package, which holds that package alone, so none of our code runs in it, while React’s render and hydration of our components are ours; browser: no script in the frame).';
  const sections = [
    ['Per page', perPage],
    ['Before LCP (cold first visit)', beforeLcp],
    ['TBT of every run', tbtRuns],
    ['Goals (federated build)', goalTable],
    [`Interaction latency (${interactions.page}, 4× CPU slowdown)`, latency],
    ['Long tasks after the first paint (federated, 4× CPU slowdown)', longTasks],
  ];
  return {
    doc: [header, '', method, ...sections.flatMap(([t, s]) => ['', `### ${t}`, '', s])].join('\n'),
    stdout: sections.map(([t, s]) => `${t}\n${s}`).join('\n\n'),
  };
}
