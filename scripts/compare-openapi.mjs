// Compares two OpenAPI documents operation by operation and prints every difference:
//   node scripts/compare-openapi.mjs before.json after.json
// An operation's $ref'd schemas are compared with it (a changed component shows in each operation
// that uses it). An added `example` is listed apart: it documents, and changes no contract.
// Exits 1 when anything but added examples differs.
import { readFileSync } from 'node:fs';

const [beforeFile, afterFile] = process.argv.slice(2);
if (!beforeFile || !afterFile) {
  console.error('usage: node scripts/compare-openapi.mjs before.json after.json');
  process.exit(2);
}
const read = (file) => JSON.parse(readFileSync(file, 'utf8'));
const before = read(beforeFile);
const after = read(afterFile);

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const operations = (doc) =>
  new Map(
    Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
      METHODS.filter((m) => item[m]).map((m) => [`${m.toUpperCase()} ${path}`, item[m]]),
    ),
  );

/** The value with each local $ref replaced by what it names (once per chain: recursion stays a $ref). */
function inline(doc, value, seen = new Set()) {
  if (Array.isArray(value)) return value.map((v) => inline(doc, v, seen));
  if (!value || typeof value !== 'object') return value;
  if (typeof value.$ref === 'string' && value.$ref.startsWith('#/') && !seen.has(value.$ref)) {
    const target = value.$ref
      .slice(2)
      .split('/')
      .reduce((node, key) => node?.[key.replaceAll('~1', '/').replaceAll('~0', '~')], doc);
    return { $ref: value.$ref, '=': inline(doc, target, new Set([...seen, value.$ref])) };
  }
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, inline(doc, v, seen)]));
}

/** Every difference between two values, as [pointer, before, after]. */
function differences(a, b, pointer = '') {
  if (JSON.stringify(a) === JSON.stringify(b)) return [];
  const objects = a && b && typeof a === 'object' && typeof b === 'object';
  if (!objects || Array.isArray(a) !== Array.isArray(b)) return [[pointer, a, b]];
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return keys.flatMap((k) => differences(a[k], b[k], `${pointer}/${k}`));
}

const show = (value) => (value === undefined ? '(none)' : JSON.stringify(value));
const isExample = ([pointer, was]) => was === undefined && /\/examples?$/.test(pointer);

const [was, now] = [operations(before), operations(after)];
const examples = [];
let changes = 0;
for (const key of [...new Set([...was.keys(), ...now.keys()])].sort()) {
  const [a, b] = [was.get(key), now.get(key)];
  if (!a || !b) {
    console.log(`${key}: ${a ? 'removed' : 'added'}`);
    changes++;
    continue;
  }
  const found = differences(inline(before, a), inline(after, b));
  const added = found.filter(isExample);
  if (added.length) examples.push(`${key}: ${added.map(([p]) => p).join(', ')}`);
  for (const [pointer, x, y] of found.filter((d) => !isExample(d))) {
    console.log(`${key} ${pointer}: ${show(x)} → ${show(y)}`);
    changes++;
  }
}
for (const key of ['openapi', 'info', 'servers', 'security', 'tags']) {
  for (const [pointer, x, y] of differences(before[key], after[key], `/${key}`)) {
    console.log(`document ${pointer}: ${show(x)} → ${show(y)}`);
    changes++;
  }
}
for (const [pointer, x, y] of differences(
  before.components?.securitySchemes,
  after.components?.securitySchemes,
  '/components/securitySchemes',
)) {
  console.log(`document ${pointer}: ${show(x)} → ${show(y)}`);
  changes++;
}
if (examples.length) console.log(`\nExamples added (${examples.length} operations):\n${examples.join('\n')}`);
console.log(`\n${was.size} operations before, ${now.size} after; ${changes} differences besides examples.`);
process.exitCode = changes ? 1 : 0;
