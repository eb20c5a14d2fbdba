// Fails when the Worker's production bundle (written by `pnpm run deploy:dry-run`) holds a local
// stand-in: the payment gateway, courier, Turnstile and WhatsApp simulators serve `npm start` and
// the journeys only (decisions 026, 032, 036 and 049), and nothing the Worker imports may pull them in.
import { readFileSync } from 'node:fs';

// The source map too: it carries the sources' text, and can be uploaded with the Worker.
const bundle = ['index.js', 'index.js.map']
  .map((file) => readFileSync(new URL(`../.wrangler/deploy/${file}`, import.meta.url), 'utf8'))
  .join('\n');
const local = [
  'simulator',
  '_simulator',
  'Majukan status',
  'SB-Mid-server-LOCAL',
  'biteship_test.LOCAL',
  'Saya bukan robot',
  'XXXX.DUMMY.TOKEN.XXXX',
  '1x0000000000000000000000000000000AA',
  'WhatsApp lokal',
  'EAALOCAL',
];
const found = local.filter((marker) => bundle.toLowerCase().includes(marker.toLowerCase()));
if (found.length > 0) {
  console.error(`The production bundle contains local-only code: ${found.join(', ')}`);
  process.exit(1);
}
console.log(`✓ Production bundle (${Math.round(bundle.length / 1024)} KiB) has no local simulator`);
