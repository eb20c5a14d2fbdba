// The local inbox: the newest emails of the outbox in the local D1 that `npm start` serves,
// each with its status and, while `wrangler dev` runs, the files it wrote for the sent
// message under .wrangler/tmp/email/ (open the .html one in a browser).
//   pnpm run mail [-- --limit 10] [--state .wrangler/state]
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { d1Execute } from './d1-execute.mjs';

const root = new URL('..', import.meta.url).pathname;

// `pnpm run mail -- …` passes the `--` through; npm drops it.
const args = process.argv.slice(2);
if (args[0] === '--') args.shift();
const { values } = parseArgs({
  args,
  options: {
    limit: { type: 'string', default: '5' },
    state: { type: 'string', default: '.wrangler/state' },
  },
});
const limit = Number(values.limit);
if (!Number.isInteger(limit) || limit < 1) {
  console.error('Usage: pnpm run mail [-- --limit <n>] [--state <dir>]');
  process.exit(1);
}

const query = d1Execute(
  `SELECT to_address, subject, body, status, attempts, last_error, message_id, created_at, sent_at
     FROM email_outbox ORDER BY created_at DESC LIMIT ${limit}`,
  ['--local', '--persist-to', resolve(root, values.state)],
);
if (query.failed !== undefined) {
  console.error(`wrangler d1 execute failed (has \`npm start\` run once?):\n${query.failed}`);
  process.exit(1);
}
const rows = query.results[0]?.results ?? [];

/** The files wrangler dev wrote for a sent message: named after its Message-ID. */
function messageFiles(messageId) {
  const emailDir = join(root, '.wrangler/tmp/email');
  if (!messageId || !existsSync(emailDir)) return [];
  const name = messageId.replace(/^<|>$/g, '');
  const files = [];
  for (const session of readdirSync(emailDir)) {
    for (const [kind, ext] of [
      ['email-html', 'html'],
      ['email-text', 'txt'],
    ]) {
      const file = join(emailDir, session, kind, `${name}.${ext}`);
      if (existsSync(file)) files.push(file);
    }
  }
  return files;
}

const wib = new Intl.DateTimeFormat('id-ID', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Jakarta',
});
if (rows.length === 0) console.log('The outbox is empty.');
for (const row of rows.reverse()) {
  const status =
    row.status === 'sent'
      ? `sent ${wib.format(new Date(row.sent_at))} WIB, ${row.message_id}`
      : `${row.status}, ${row.attempts} attempt(s)${row.last_error ? `, last error: ${row.last_error}` : ''}`;
  console.log(`\n━━ ${wib.format(new Date(row.created_at))} WIB → ${row.to_address} (${status})`);
  console.log(`Subject: ${row.subject}`);
  for (const file of messageFiles(row.message_id)) console.log(`File: ${file}`);
  console.log(`\n${row.body}`);
}
