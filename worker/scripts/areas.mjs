// Writes worker/src/data/areas.json from the npm package idn-area-data (Indonesia's
// official provinces, regencies/cities and districts): `node worker/scripts/areas.mjs`.
// Compact on purpose: [code, name] pairs grouped by parent, read only by the Worker.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const pkg = dirname(createRequire(import.meta.url).resolve('idn-area-data/package.json'));

function rows(file) {
  const [, ...lines] = readFileSync(join(pkg, 'data', file), 'utf8')
    .trim()
    .split(/\r?\n/);
  // Codes are never quoted; a name may be ("Ra""as"), with doubled quotes inside.
  return lines.map((line) => {
    const match = /^([^,"]+),(?:([^,"]+),)?("(?:[^"]|"")*"|[^,"]*)$/.exec(line);
    if (!match) throw new Error(`unexpected CSV line in ${file}: ${line}`);
    const [, code, parent, raw] = match;
    const name = raw.startsWith('"') ? raw.slice(1, -1).replaceAll('""', '"') : raw;
    return parent ? [code, parent, name] : [code, name];
  });
}

function grouped(list) {
  const out = {};
  for (const [code, parent, name] of list) {
    out[parent] ??= [];
    out[parent].push([code, name]);
  }
  return out;
}

const data = {
  provinces: rows('provinces.csv').map(([code, name]) => [code, name]),
  regencies: grouped(rows('regencies.csv')),
  districts: grouped(rows('districts.csv')),
};
writeFileSync(join(here, '../src/data/areas.json'), `${JSON.stringify(data)}\n`);
