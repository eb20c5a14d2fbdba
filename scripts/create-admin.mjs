// Creates the shop's owner account (decision 052: every permission, the staff included) in a
// real deployment's D1, or makes an existing account the owner (its password stays). There is no default password: it comes from
// ADMIN_PASSWORD or a prompt that does not echo, and must be at least 12 characters.
//   pnpm run create-admin -- --email ops@example.id --name "Nama Admin" [--env production]
//   pnpm run create-admin -- --email ... --name ... --local [--state .wrangler/state]
import { pbkdf2Sync, randomBytes, randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { d1Execute } from './d1-execute.mjs';

const MIN_PASSWORD = 12;
const root = new URL('..', import.meta.url).pathname;

function fail(message) {
  console.error(message);
  process.exit(1);
}

// `pnpm run create-admin -- …` passes the `--` through; npm drops it.
const args = process.argv.slice(2);
if (args[0] === '--') args.shift();
const { values } = parseArgs({
  args,
  options: {
    email: { type: 'string' },
    name: { type: 'string' },
    local: { type: 'boolean', default: false },
    state: { type: 'string' },
    env: { type: 'string' },
  },
});
const email = values.email?.trim().toLowerCase() ?? '';
const name = values.name?.trim() ?? '';
if (!/^[^\s@']+@[^\s@']+\.[^\s@']+$/.test(email) || email.length > 254) {
  fail('Usage: create-admin --email <email> --name <name> [--local [--state <dir>]] [--env <environment>]');
}

/** Same format as worker/src/auth/password.ts: PBKDF2-SHA256, 100,000 iterations, base64. */
function hashPassword(password) {
  const salt = randomBytes(16);
  const hash = pbkdf2Sync(password, salt, 100_000, 32, 'sha256');
  return `pbkdf2-sha256$100000$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/** `wrangler d1 execute` takes no bound parameters, so values are quoted as SQL literals. */
const literal = (text) => `'${text.replace(/'/g, "''")}'`;

function d1(sql) {
  const target = values.local
    ? ['--local', ...(values.state ? ['--persist-to', resolve(root, values.state)] : [])]
    : ['--remote'];
  const answer = d1Execute(sql, [...target, ...(values.env ? ['--env', values.env] : [])]);
  if (answer.failed !== undefined) fail(`wrangler d1 execute failed:\n${answer.failed}`);
  return answer.results;
}

/** Reads a line from the terminal without echoing it. */
function promptHidden(question) {
  if (!process.stdin.isTTY) fail('No terminal to ask for the password: set ADMIN_PASSWORD.');
  process.stdin.setRawMode(true);
  process.stdout.write(question);
  process.stdin.setEncoding('utf8');
  process.stdin.resume();
  return new Promise((done) => {
    let value = '';
    const onData = (chunk) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') {
          process.stdin.off('data', onData);
          process.stdin.setRawMode(false);
          process.stdin.pause();
          process.stdout.write('\n');
          done(value);
          return;
        }
        if (ch === '\u0003') {
          process.stdout.write('\n');
          process.exit(130);
        }
        value = ch === '\u007f' || ch === '\b' ? value.slice(0, -1) : value + ch;
      }
    };
    process.stdin.on('data', onData);
  });
}

const existing = d1(`SELECT id FROM users WHERE email = ${literal(email)}`)[0]?.results?.[0];
if (existing) {
  d1(`UPDATE profiles SET role = 'owner', disabled_at = NULL WHERE id = ${literal(existing.id)}`);
  console.log(`${email} already had an account: it is now the owner (password unchanged).`);
  process.exit(0);
}

if (name.length < 2 || name.length > 120) fail('--name is required for a new admin (2 to 120 characters).');
let password = process.env.ADMIN_PASSWORD;
if (password === undefined) {
  password = await promptHidden(`Password for ${email} (min. ${MIN_PASSWORD} characters): `);
  if ((await promptHidden('Repeat the password: ')) !== password) fail('The passwords do not match.');
}
if (password.length < MIN_PASSWORD) fail(`The password must be at least ${MIN_PASSWORD} characters.`);

const id = randomUUID();
// Both rows in one request; ON CONFLICT keeps a concurrently created account intact.
d1(
  `INSERT INTO users (id, email, password_hash) VALUES (${literal(id)}, ${literal(email)}, ${literal(hashPassword(password))}) ON CONFLICT (email) DO NOTHING;
   INSERT INTO profiles (id, name, email, role) SELECT id, ${literal(name)}, email, 'owner' FROM users WHERE email = ${literal(email)}
     ON CONFLICT (id) DO UPDATE SET role = 'owner';`,
);
console.log(`Owner ${email} created${values.local ? ' in the local database' : ''}.`);
