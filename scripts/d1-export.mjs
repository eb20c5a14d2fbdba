// An export of the shop's D1 that can be restored (docs/deploy.md, "Backups"; decision 058).
// `wrangler d1 export` refuses a database with FTS5 tables (the admin's searches, migration 0016)
// and, given `--table`, leaves out indexes, triggers and the search tables. So the export is two
// files: `data.sql` (every ordinary table's schema and rows, d1_migrations included) and
// `objects.sql` (the search tables, indexes and triggers as sqlite_master holds them, then each
// search index refilled: rebuilt from its table, or its own rows written back). Restore: `wrangler d1 execute … --file data.sql`, then
// `--file objects.sql`: the triggers come after the rows, so none fires on the restored data.
//   node scripts/d1-export.mjs --out <dir> (--local [--state .wrangler/state] | --env production)
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { d1Execute } from './d1-execute.mjs';

const root = new URL('..', import.meta.url).pathname;
const wrangler = join(root, 'worker/node_modules/.bin/wrangler');
const args = process.argv.slice(2);
if (args[0] === '--') args.shift();
const { values } = parseArgs({
  args,
  options: {
    out: { type: 'string' },
    local: { type: 'boolean', default: false },
    state: { type: 'string' },
    env: { type: 'string' },
  },
});
if (!values.out || (!values.local && !values.env)) {
  console.error(
    'Usage: node scripts/d1-export.mjs --out <dir> (--local [--state <dir>] | --env <environment>)',
  );
  process.exit(2);
}
const out = resolve(values.out);
mkdirSync(out, { recursive: true });
// `wrangler d1 export --local` reads the state next to wrangler.toml (.wrangler/state), as `npm start` keeps it.
const where = values.local ? ['--local'] : ['--remote', '--env', values.env];
const executeWhere =
  values.local && values.state ? ['--local', '--persist-to', resolve(root, values.state)] : where;

function query(sql) {
  const answer = d1Execute(sql, executeWhere);
  if (answer.failed !== undefined) throw new Error(`wrangler d1 execute failed:\n${answer.failed}`);
  return answer.results[0].results;
}

/** Ordinary tables: not FTS5, not its shadow tables, not SQLite's or Cloudflare's own. */
const tables = query(
  "SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL TABLE%' " +
    "AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' " +
    "AND name NOT IN (SELECT v.name || s.suffix FROM sqlite_master v, (SELECT '_data' AS suffix UNION ALL SELECT '_idx' UNION ALL SELECT '_docsize' UNION ALL SELECT '_content' UNION ALL SELECT '_config') s WHERE v.sql LIKE 'CREATE VIRTUAL TABLE%') " +
    'ORDER BY name',
).map((row) => row.name);

const exported = spawnSync(
  wrangler,
  [
    'd1',
    'export',
    'DB',
    ...where,
    '--table',
    ...tables,
    '--output',
    join(out, 'data.sql'),
    '--skip-confirmation',
  ],
  {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH}`,
      WRANGLER_SEND_METRICS: 'false',
    },
  },
);
if (exported.status !== 0) process.exit(exported.status ?? 1);

// Search tables first (the triggers write into them), then indexes, then triggers.
const objects = query(
  "SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL AND ((type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%') OR type IN ('index', 'trigger')) " +
    "ORDER BY CASE type WHEN 'table' THEN 0 WHEN 'index' THEN 1 ELSE 2 END, name",
);
/** SQL literal of a value `wrangler d1 execute --json` answered. */
const literal = (value) =>
  value === null
    ? 'NULL'
    : typeof value === 'number'
      ? String(value)
      : `'${String(value).replace(/'/g, "''")}'`;

// An external-content search index (content = '<table>') is rebuilt from its restored table; one
// that keeps its own text (products_fts, filled by triggers) gets its rows back.
const refills = objects
  .filter((row) => row.type === 'table')
  .flatMap((row) => {
    if (/content\s*=\s*'/.test(row.sql)) return [`INSERT INTO ${row.name}(${row.name}) VALUES('rebuild');`];
    return query(`SELECT rowid AS fts_rowid, * FROM ${row.name}`).map((line) => {
      const { fts_rowid, ...columns } = line;
      const names = Object.keys(columns);
      return `INSERT INTO ${row.name}(rowid, ${names.join(', ')}) VALUES(${[fts_rowid, ...names.map((n) => columns[n])].map(literal).join(', ')});`;
    });
  });
writeFileSync(
  join(out, 'objects.sql'),
  `${[...objects.map((row) => `${row.sql};`), ...refills].join('\n')}\n`,
);
console.log(
  `${tables.length} tables in ${join(out, 'data.sql')}; ${objects.length} search tables, indexes and triggers in ${join(out, 'objects.sql')}`,
);
