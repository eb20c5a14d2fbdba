// What the local simulators (gateway-simulator.mjs, courier-simulator.mjs) share: their flags,
// reading a request's body, answering, and the rupiah their pages show. Local only, like them.
import { parseArgs } from 'node:util';

/** `--port`, `--shop` and the required `--key`; exits with a usage line without a key. */
export function simulatorOptions(name, defaultPort) {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: defaultPort },
      shop: { type: 'string', default: 'http://127.0.0.1:8787' },
      key: { type: 'string' },
    },
  });
  if (!values.key) {
    console.error(`${name}: --key <key> is required`);
    process.exit(1);
  }
  return { port: values.port, shop: values.shop, key: values.key, base: `http://127.0.0.1:${values.port}` };
}

export async function readBody(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

export function send(res, status, body, type = 'application/json') {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  res.end(type === 'application/json' ? JSON.stringify(body) : body);
}

export const rupiah = (amount) => `Rp ${Number(amount).toLocaleString('id-ID')}`;
