// Writes a brotli copy (`<file>.br`, maximum quality) next to every text asset of a
// build folder; the Worker serves it to browsers that accept br
// (worker/src/pages/serve.ts). index.html is rewritten per request, so it has none.
//   node scripts/precompress.mjs dist
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

const dir = process.argv[2];
if (!dir) throw new Error('usage: node scripts/precompress.mjs <build folder>');
let count = 0;
for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
  const file = join(entry.parentPath, entry.name);
  if (!entry.isFile() || !/\.(js|css|json|svg)$/.test(file)) continue;
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(readFileSync(file), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  count += 1;
}
console.log(`${dir}: brotli copies of ${count} files`);
