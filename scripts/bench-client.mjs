// The shop's API as the benchmarks (scripts/bench-api.mjs, bench/scale.mjs, bench/load.mjs) reach
// it: wait for wrangler dev, call JSON endpoints from the shop's own origin, keep cookies; and
// where their figures go in docs/performance.md.
import { readFileSync, writeFileSync } from 'node:fs';

const performanceDoc = new URL('../docs/performance.md', import.meta.url);

/** Replaces the `<!-- name:start -->…<!-- name:end -->` block of docs/performance.md, adding it under `heading` the first time. */
export function writePerformanceSection(name, heading, body) {
  const [start, end] = [`<!-- ${name}:start -->`, `<!-- ${name}:end -->`];
  let doc = readFileSync(performanceDoc, 'utf8');
  if (!doc.includes(start)) doc += `\n## ${heading}\n\n${start}\n${end}\n`;
  doc = doc.replace(new RegExp(`${start}[\\s\\S]*${end}`), () => `${start}\n${body}\n${end}`);
  writeFileSync(performanceDoc, doc);
}

/** A client of the shop at `base` (e.g. http://127.0.0.1:8799). */
export function benchClient(base) {
  return {
    /** Resolves once /api/health answers; wrangler dev on a large database, or a fresh seed on a busy machine, takes minutes. */
    async waitForHealth(tries = 600) {
      for (let i = 0; i < tries; i++) {
        try {
          if ((await fetch(`${base}/api/health`)).ok) return;
        } catch {}
        await new Promise((r) => setTimeout(r, 500));
      }
      throw new Error('wrangler dev did not come up');
    },

    async json(path, init = {}) {
      const res = await fetch(`${base}${path}`, {
        ...init,
        headers: { 'content-type': 'application/json', origin: base, ...init.headers },
      });
      if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${await res.text()}`);
      return { body: await res.json(), res };
    },
  };
}

/** The session cookies a login answer sets, for a Cookie header. */
export const cookieOf = (res) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
