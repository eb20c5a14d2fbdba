import { env } from 'cloudflare:test';
import { expect, it } from 'vitest';

// docs/triggers.md lists every trigger the migrations leave, with its table and the messages it
// raises (what the worker reads to answer with an error code): this keeps the table true.

interface Row {
  name: string;
  table: string;
  /** The RAISE(ABORT, …) messages, sorted; none for bookkeeping. */
  raises: string[];
}

const byName = (a: Row, b: Row) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
const codes = (text: string) => [...text.matchAll(/`(\w+)`/g)].map((match) => match[1] as string).sort();

/** The table rows of the doc: `| \`name\` | \`table\` | rule | raises | answer |`. */
function documented(doc: string): Row[] {
  return doc
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const [name = '', table = '', , raises = ''] = line.slice(1, -1).split(' | ');
      return {
        name: name.trim().replace(/`/g, ''),
        table: table.trim().replace(/`/g, ''),
        raises: codes(raises),
      };
    });
}

it('docs/triggers.md has one row per trigger in sqlite_master, with its table and what it raises', async () => {
  const { results } = await env.DB.prepare(
    "SELECT name, tbl_name, sql FROM sqlite_master WHERE type = 'trigger'",
  ).all<{ name: string; tbl_name: string; sql: string }>();
  const live: Row[] = results.map((trigger) => ({
    name: trigger.name,
    table: trigger.tbl_name,
    raises: [...trigger.sql.matchAll(/RAISE\s*\(\s*ABORT\s*,\s*'(\w+)'\s*\)/gi)]
      .map((match) => match[1] as string)
      .sort(),
  }));
  live.sort(byName);
  const rows = documented(env.TRIGGERS_DOC);
  expect(live.length).toBeGreaterThan(0);
  expect(rows.map((row) => row.name).filter((name, i, names) => names.indexOf(name) !== i)).toEqual([]);
  expect([...rows].sort(byName)).toEqual(live);
});
