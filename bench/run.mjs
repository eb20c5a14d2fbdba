// Storefront benchmark (not a test): Lighthouse mobile on the federated build, on the
// single-bundle baseline and on the same pages without scripts (no-JS, the limit), the
// product page's interaction latency, then the API benchmark, in one report
// (docs/performance.json and docs/performance.md). Missed goals never fail the run.
//   BENCH_RUNS=3 node bench/run.mjs   (after `pnpm run build && pnpm run build:single`)
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { interactionLatency, interactions } from './inp.mjs';
import { longTasksAfterPaint } from './long-tasks.mjs';
import { startNoJsProxy } from './no-js.mjs';
import { evaluate, markdown, median } from './report.mjs';

const root = new URL('..', import.meta.url).pathname;
const runs = Number(process.env.BENCH_RUNS ?? 3);
const chromePath = '/usr/bin/chromium';
const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const builds = {
  federated: { port: Number(process.env.BENCH_FEDERATED_PORT ?? 8796), assets: 'dist' },
  single: { port: Number(process.env.BENCH_SINGLE_PORT ?? 8797), assets: 'dist-single' },
  // The federated server's pages without their scripts (no-js.mjs).
  'no-JS': { port: Number(process.env.BENCH_NOJS_PORT ?? 8798), proxyOf: 'federated' },
};
const pages = ['/', '/products', '/product/{id}', '/collections/signature', '/cart'];
const started = Date.now();

const servers = new Set();
const chromes = new Set();

// start.mjs runs wrangler, which runs workerd: give it its own process group so one
// signal reaches all three even if start.mjs dies first.
function startServer(name, { port, assets }) {
  mkdirSync(join(root, '.bench'), { recursive: true });
  const log = join(root, `.bench/server-${name}.log`);
  const fd = openSync(log, 'w');
  const args = [
    '--port',
    String(port),
    '--state',
    `.wrangler/bench-web-${name}`,
    '--fresh',
    '--assets',
    assets,
  ];
  const child = spawn(process.execPath, [join(root, 'scripts/start.mjs'), ...args], {
    cwd: root,
    detached: true,
    stdio: ['ignore', fd, fd],
  });
  const server = { name, child, log, exited: new Promise((r) => child.once('exit', r)) };
  servers.add(server);
  return server;
}

async function stopServer(server) {
  if (!servers.delete(server) || server.child.exitCode !== null) return;
  const group = (signal) => {
    try {
      process.kill(-server.child.pid, signal);
    } catch {}
  };
  group('SIGTERM');
  const timeout = new Promise((r) => setTimeout(r, 10_000, 'timeout'));
  if ((await Promise.race([server.exited, timeout])) === 'timeout') group('SIGKILL');
  group('SIGKILL'); // workerd may outlive wrangler; the group is ours alone
}

async function waitForHealth(server, base) {
  let exited = false;
  server.exited.then(() => {
    exited = true;
  });
  for (let i = 0; i < 240 && !exited; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  const tail = readFileSync(server.log, 'utf8').split('\n').slice(-20).join('\n');
  throw new Error(`${server.name} server did not come up (see ${server.log}):\n${tail}`);
}

async function cleanup() {
  for (const chrome of chromes) {
    chromes.delete(chrome);
    try {
      chrome.kill();
    } catch {}
  }
  await Promise.all([...servers].map(stopServer));
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    await cleanup();
    process.exit(130);
  });
}

// One Lighthouse run in its own Chrome (chrome-launcher makes a fresh temporary user
// data dir and deletes it on kill), so every run is a cold first visit.
async function lighthouseOnce(url) {
  const chrome = await launch({ chromePath, chromeFlags, handleSIGINT: false, logLevel: 'silent' });
  chromes.add(chrome);
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (lhr.runtimeError)
      throw new Error(`Lighthouse ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    return lhr;
  } finally {
    chromes.delete(chrome);
    chrome.kill();
  }
}

function figures(lhr) {
  const audit = (id) => lhr.audits[id];
  const metrics = audit('metrics').details.items[0];
  const diagnostics = audit('diagnostics').details.items[0];
  const network = audit('network-requests').details;
  // network-requests times count from the earliest request's rendererStartTime, the
  // observed metrics from the trace's navigationStart; both *Ts are µs on one clock.
  const offsetMs = (network.debugData.networkStartTimeTs - metrics.observedNavigationStartTs) / 1000;
  const requests = network.items
    .filter((r) => /^https?:/.test(r.url) && Number.isFinite(r.networkRequestTime))
    .map((r) => ({ ...r, start: r.networkRequestTime + offsetMs }));
  const lcp = metrics.observedLargestContentfulPaint;
  const beforeLcp = requests.filter((r) => r.start < lcp);
  const js = (list) =>
    list.filter((r) => r.resourceType === 'Script').reduce((s, r) => s + r.transferSize, 0);
  const doc = requests.find((r) => r.url === lhr.mainDocumentUrl) ?? requests[0];
  return {
    score: Math.round(lhr.categories.performance.score * 100),
    lcpMs: audit('largest-contentful-paint').numericValue,
    tbtMs: audit('total-blocking-time').numericValue,
    cls: audit('cumulative-layout-shift').numericValue,
    transferBytes: diagnostics.totalByteWeight,
    requests: diagnostics.numRequests,
    observedLcpMs: lcp,
    requestsBeforeLcp: beforeLcp.length,
    jsBeforeLcpBytes: js(beforeLcp),
    jsBytes: js(requests),
    timeOriginOffsetMs: offsetMs,
    documentStartMs: doc?.start,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    lighthouseVersion: lhr.lighthouseVersion,
    warnings: lhr.runWarnings,
  };
}

async function measure(url) {
  try {
    return figures(await lighthouseOnce(url));
  } catch (err) {
    // A single flaky navigation should not cost the whole benchmark: retry once.
    console.warn(`retrying ${url}: ${err.message}`);
    return figures(await lighthouseOnce(url));
  }
}

async function main() {
  const result = { builds: {} };
  // One at a time, retried once: two wranglers starting together (or beside someone
  // else's) can race for the same free inspector port.
  for (const [name, build] of Object.entries(builds)) {
    build.base = `http://127.0.0.1:${build.port}`;
    if (build.proxyOf) {
      build.stop = await startNoJsProxy(build.port, builds[build.proxyOf].base);
      continue;
    }
    for (let attempt = 1; ; attempt++) {
      build.server = startServer(name, build);
      try {
        await waitForHealth(build.server, build.base);
        break;
      } catch (err) {
        await stopServer(build.server);
        if (attempt === 2) throw err;
        console.warn(err.message);
      }
    }
  }
  for (const [name, build] of Object.entries(builds)) {
    // Each server seeds its own random ids; the API allows page sizes 10, 25, 50 only.
    const res = await fetch(`${build.base}/api/products?pageSize=10`);
    if (!res.ok) throw new Error(`GET /api/products: HTTP ${res.status} ${await res.text()}`);
    const { items } = await res.json();
    build.urls = Object.fromEntries(pages.map((p) => [p, build.base + p.replace('{id}', items[0].id)]));
    build.productId = items[0].id;
    for (const url of Object.values(build.urls)) await (await fetch(url)).arrayBuffer();
    // Discarded run: warms workerd, D1 and Lighthouse's own JIT before anything counts.
    await measure(build.urls['/']);
    result.builds[name] = { assets: build.assets, pages: {} };
    for (const p of pages) result.builds[name].pages[p] = { url: build.urls[p], runs: [] };
  }

  // Interleaved and alternating order, so machine noise and drift hit both builds alike.
  const names = Object.keys(builds);
  for (let run = 0; run < runs; run++) {
    for (const p of pages) {
      for (const name of run % 2 ? [...names].reverse() : names) {
        const t = Date.now();
        const f = await measure(builds[name].urls[p]);
        result.builds[name].pages[p].runs.push(f);
        const s = ((Date.now() - t) / 1000).toFixed(0);
        console.log(
          `run ${run + 1}/${runs} ${name.padEnd(9)} ${p.padEnd(22)} score ${f.score} LCP ${Math.round(f.lcpMs)} ms, doc at ${f.documentStartMs?.toFixed(1)} ms (${s} s)`,
        );
        if (Math.abs(f.documentStartMs ?? 0) > 50)
          console.warn(`  time origins differ: the document request starts at ${f.documentStartMs} ms`);
      }
    }
  }

  // Interaction latency on the federated build, one cold visit per run.
  const latencies = [];
  for (let run = 0; run < runs; run++) {
    const url = builds.federated.urls['/product/{id}'];
    const l = {
      ...(await interactionLatency(chromePath, chromeFlags, url)),
      ...(await interactionLatency(chromePath, chromeFlags, url, { slow4g: true })),
    };
    console.log(`run ${run + 1}/${runs} interaction latency ${JSON.stringify(l)}`);
    latencies.push(l);
  }
  result.interactions = {
    page: '/product/{id}',
    runs: latencies,
    median: Object.fromEntries(interactions.map((i) => [i, median(latencies.map((l) => l[i]))])),
  };
  // Long tasks after the first paint on the federated build, one cold visit per page and run.
  result.longTasks = Object.fromEntries(pages.map((p) => [p, []]));
  for (let run = 0; run < runs; run++)
    for (const p of pages) {
      const tasks = await longTasksAfterPaint(chromePath, chromeFlags, builds.federated.urls[p]);
      console.log(`run ${run + 1}/${runs} long tasks ${p} ${JSON.stringify(tasks)}`);
      result.longTasks[p].push(tasks);
    }
  for (const build of Object.values(builds)) await build.stop?.();
  await Promise.all([...servers].map(stopServer));

  const keys = Object.keys(result.builds.federated.pages['/'].runs[0]).filter(
    (k) => typeof result.builds.federated.pages['/'].runs[0][k] === 'number',
  );
  for (const build of Object.values(result.builds))
    for (const page of Object.values(build.pages))
      page.median = Object.fromEntries(keys.map((k) => [k, median(page.runs.map((r) => r[k]))]));
  result.lcpRatio = Object.fromEntries(
    pages.map((p) => [
      p,
      result.builds.federated.pages[p].median.lcpMs / result.builds.single.pages[p].median.lcpMs,
    ]),
  );
  result.tbtAboveNoJs = Object.fromEntries(
    pages.map((p) => [
      p,
      result.builds.federated.pages[p].median.tbtMs - result.builds['no-JS'].pages[p].median.tbtMs,
    ]),
  );

  // API benchmark after the servers are gone, so the two never compete for the 2 cores.
  const api = spawnSync(process.execPath, [join(root, 'scripts/bench-api.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (api.status !== 0) throw new Error(`bench-api.mjs failed with ${api.status ?? api.signal}`);
  result.api = JSON.parse(readFileSync(join(root, 'docs/performance-api.json'), 'utf8'));

  const chromium = spawnSync(chromePath, ['--version'], { encoding: 'utf8' }).stdout.trim();
  const first = result.builds.federated.pages['/'].runs[0];
  const report = {
    date: new Date().toISOString(),
    machine: {
      cores: cpus().length,
      cpu: cpus()[0]?.model ?? 'unknown',
      ramGiB: Math.round(totalmem() / 2 ** 30),
      node: process.version,
      chromium,
      lighthouse: first.lighthouseVersion,
    },
    runs,
    durationSeconds: Math.round((Date.now() - started) / 1000),
    ...result,
  };
  report.goals = evaluate(report);
  writeFileSync(join(root, 'docs/performance.json'), `${JSON.stringify(report, null, 2)}\n`);

  const md = markdown(report);
  const docPath = join(root, 'docs/performance.md');
  let doc = readFileSync(docPath, 'utf8');
  const block = `<!-- web:start -->\n${md.doc}\n<!-- web:end -->`;
  doc = doc.includes('<!-- web:start -->')
    ? doc.replace(/<!-- web:start -->[\s\S]*<!-- web:end -->/, () => block)
    : doc.replace('## API', () => `## Storefront (Lighthouse)\n\n${block}\n\n## API`);
  writeFileSync(docPath, doc);
  console.log(`\n${md.stdout}\n\n${report.durationSeconds} s in all`);
}

try {
  await main();
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await cleanup();
}
// Lighthouse can leave handles open; the report is written, so leave now.
process.exit();
