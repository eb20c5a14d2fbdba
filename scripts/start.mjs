// Starts the whole shop locally: applies D1 migrations, seeds the demo data into an
// empty database, then serves the built shell, remotes and API with `wrangler dev`
// (workerd, local D1 and R2).
//   node scripts/start.mjs [--port 8787] [--state .wrangler/state] [--fresh] [--assets dist] [--var NAME:VALUE]
//     [--gateway-port <port + 1000>] [--courier-port <port + 2000>] [--turnstile-port <port + 3000>]
//     [--whatsapp-port <port + 4000>]
//     [--courier-rates on|off] [--cart-reminder-delay <seconds>] [--cart-reminder-pause <seconds>]
// Payments through the gateway go to the local simulator (scripts/gateway-simulator.mjs) unless
// .dev.vars holds MIDTRANS_SERVER_KEY (Midtrans's sandbox or production: README); courier rates
// and shipments go to the local courier simulator (scripts/courier-simulator.mjs) unless it holds
// BITESHIP_API_KEY; the security check (Cloudflare Turnstile) to the local stand-in
// (scripts/turnstile-simulator.mjs) with Turnstile's always-pass test keys unless it holds
// TURNSTILE_SECRET_KEY (decision 036); order updates on WhatsApp to the local Cloud API stand-in
// (scripts/whatsapp-simulator.mjs) unless it holds WHATSAPP_TOKEN (decision 049). `--courier-rates off` seeds the live-rate setup turned off (the journeys: checkout
// prices by the zones until a journey turns it on). `--cart-reminder-delay` and `--cart-reminder-pause` shorten the
// saved cart's reminder (4 hours after the cart's last change, at most one a week; decision 050) for the journeys.
// (`--assets dist-single` serves the benchmark's single-bundle build instead; `--var` overrides a
// variable, e.g. `--var 'REMOTES:{"shop":…,"cart":"http://localhost:8788/mfe/cart/mf-manifest.json",…}'`.)
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { parseArgs } from 'node:util';

const root = new URL('..', import.meta.url).pathname;
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.PORT ?? '8787' },
    state: { type: 'string', default: '.wrangler/state' },
    fresh: { type: 'boolean', default: false },
    assets: { type: 'string', default: 'dist' },
    'courier-rates': { type: 'string', default: 'on' },
    'cart-reminder-delay': { type: 'string' },
    'cart-reminder-pause': { type: 'string' },
    var: { type: 'string', multiple: true, default: [] },
    'gateway-port': { type: 'string' },
    'courier-port': { type: 'string' },
    'turnstile-port': { type: 'string' },
    'whatsapp-port': { type: 'string' },
  },
});
const state = join(root, values.state);
const wrangler = join(root, 'worker/node_modules/.bin/wrangler');
// wrangler needs Node 22: put the Node running this script (the workspace's) first.
const env = {
  ...process.env,
  PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH}`,
  WRANGLER_SEND_METRICS: 'false',
  // No download of the Request.cf sample from workers.cloudflare.com (miniflare's placeholder
  // instead): offline it only printed a harmless ENOTFOUND at every start.
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
};

if (!existsSync(join(root, values.assets, 'index.html'))) {
  console.error(`${values.assets}/ is missing: run \`pnpm run build\` first (npm start does).`);
  process.exit(1);
}
if (values.fresh) rmSync(state, { recursive: true, force: true });

// Local secrets, made once per checkout and never committed (.gitignore).
const devVars = join(root, '.dev.vars');
if (!existsSync(devVars)) {
  writeFileSync(devVars, `JWT_SECRET=${randomBytes(48).toString('base64url')}\n`, { mode: 0o600 });
  console.log('Created .dev.vars with a fresh JWT_SECRET');
}

const migrate = spawnSync(wrangler, ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', state], {
  cwd: root,
  env: { ...env, CI: 'true' },
  stdio: 'inherit',
});
if (migrate.status !== 0) process.exit(migrate.status ?? 1);

// Demo catalogue, images and the local admin; skips itself once collections has rows.
const seed = spawnSync(
  process.execPath,
  [join(root, 'scripts/seed.mjs'), '--state', state, '--courier-rates', values['courier-rates']],
  {
    cwd: root,
    env,
    stdio: 'inherit',
  },
);
if (seed.status !== 0) process.exit(seed.status ?? 1);

/** A local simulator on its port, told where the shop is and its key; inherits this output. */
const simulate = (script, port, key) =>
  spawn(
    process.execPath,
    [join(root, script), '--port', port, '--shop', `http://127.0.0.1:${values.port}`, '--key', key],
    { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] },
  );
const secrets = readFileSync(devVars, 'utf8');

// The local payment gateway (decision 026): a key of its own per run, known to it and the Worker.
const gatewayPort = values['gateway-port'] ?? String(Number(values.port) + 1000);
const gatewayKey = `SB-Mid-server-LOCAL-${randomBytes(12).toString('hex')}`;
const simulator = /^MIDTRANS_SERVER_KEY=/m.test(secrets)
  ? null
  : simulate('scripts/gateway-simulator.mjs', gatewayPort, gatewayKey);
const gatewayVars = simulator
  ? [
      '--var',
      `MIDTRANS_SERVER_KEY:${gatewayKey}`,
      '--var',
      `MIDTRANS_API_URL:http://127.0.0.1:${gatewayPort}`,
    ]
  : [];

// The local courier aggregator (issue 31), likewise: Biteship's subset, with a key per run.
const courierPort = values['courier-port'] ?? String(Number(values.port) + 2000);
const courierKey = `biteship_test.LOCAL-${randomBytes(12).toString('hex')}`;
const courier = /^BITESHIP_API_KEY=/m.test(secrets)
  ? null
  : simulate('scripts/courier-simulator.mjs', courierPort, courierKey);
const courierVars = courier
  ? ['--var', `BITESHIP_API_KEY:${courierKey}`, '--var', `BITESHIP_API_URL:http://127.0.0.1:${courierPort}`]
  : [];

// The security check's stand-in (decision 036): Cloudflare's documented test keys, which need no
// account, and its own widget script, since challenges.cloudflare.com may be out of reach; a real
// secret in .dev.vars (with `--var TURNSTILE_SITE_KEY:…`) uses Cloudflare instead.
const turnstilePort = values['turnstile-port'] ?? String(Number(values.port) + 3000);
const turnstile = /^TURNSTILE_SECRET_KEY=/m.test(secrets)
  ? null
  : spawn(process.execPath, [join(root, 'scripts/turnstile-simulator.mjs'), '--port', turnstilePort], {
      cwd: root,
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
const turnstileVars = turnstile
  ? [
      '--var',
      'TURNSTILE_SITE_KEY:1x00000000000000000000AA',
      '--var',
      'TURNSTILE_SECRET_KEY:1x0000000000000000000000000000000AA',
      '--var',
      `TURNSTILE_API_URL:http://127.0.0.1:${turnstilePort}`,
    ]
  : [];

// Order updates on WhatsApp (decision 049): Meta's Cloud API stood in for, with a token of its own
// per run; a real token in .dev.vars (with WHATSAPP_PHONE_NUMBER_ID) sends through Meta instead.
const whatsappPort = values['whatsapp-port'] ?? String(Number(values.port) + 4000);
const whatsappToken = `EAALOCAL${randomBytes(24).toString('hex')}`;
const whatsapp = /^WHATSAPP_TOKEN=/m.test(secrets)
  ? null
  : simulate('scripts/whatsapp-simulator.mjs', whatsappPort, whatsappToken);
const whatsappVars = whatsapp
  ? [
      '--var',
      `WHATSAPP_TOKEN:${whatsappToken}`,
      '--var',
      'WHATSAPP_PHONE_NUMBER_ID:100000000000001',
      '--var',
      `WHATSAPP_API_URL:http://127.0.0.1:${whatsappPort}`,
    ]
  : [];

const dev = spawn(
  wrangler,
  [
    'dev',
    '--port',
    values.port,
    '--ip',
    '127.0.0.1',
    '--persist-to',
    state,
    '--show-interactive-dev-session=false',
    '--assets',
    values.assets,
    // Links in emails lead back to this shop (wrangler.toml's value is for port 8787).
    '--var',
    `PUBLIC_ORIGIN:http://localhost:${values.port}`,
    // GET /__scheduled runs the Cron Trigger (the email outbox's sweep) on demand.
    '--test-scheduled',
    ...gatewayVars,
    ...courierVars,
    ...turnstileVars,
    ...whatsappVars,
    ...(values['cart-reminder-delay']
      ? ['--var', `CART_REMINDER_DELAY_SECONDS:${values['cart-reminder-delay']}`]
      : []),
    ...(values['cart-reminder-pause']
      ? ['--var', `CART_REMINDER_PAUSE_SECONDS:${values['cart-reminder-pause']}`]
      : []),
    ...values.var.flatMap((variable) => ['--var', variable]),
  ],
  { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] },
);
console.log(`\nToko PT. Global Imperium: http://localhost:${values.port}\n`);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    simulator?.kill(signal);
    courier?.kill(signal);
    turnstile?.kill(signal);
    whatsapp?.kill(signal);
    dev.kill(signal);
  });
}
dev.on('exit', (code) => {
  simulator?.kill();
  courier?.kill();
  turnstile?.kill();
  whatsapp?.kill();
  process.exit(code ?? 0);
});
