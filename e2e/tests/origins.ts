/**
 * Servers for the deployment journey (deploy.spec.ts): the shop's Worker with its own
 * `REMOTES`, and the cart remote's own Worker (mfe-cart/wrangler.toml) on a second
 * origin, each a real `wrangler dev` this file starts and stops; and a remote's own dev server
 * (standalone.spec.ts).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type RemoteName,
  remoteBase,
  remoteBuild,
  remoteNames,
} from '../../packages/contracts/src/remote-table.ts';
// @ts-expect-error: a plain Node script, without types.
import { layOut } from '../../packages/remote-worker/layout.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const cart = join(root, 'mfe-cart');
const output = join(root, 'e2e/.output/deploy');
const env = {
  ...process.env,
  // wrangler needs the workspace's Node 22, which runs this file.
  PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH}`,
  WRANGLER_SEND_METRICS: 'false',
  CI: 'true',
};

export type Remotes = Record<RemoteName, string>;

/** The embedded default of the root wrangler.toml: every remote served by the shop's Worker. */
export const EMBEDDED = Object.fromEntries(
  remoteNames.map((name) => [name, `${remoteBase(name)}mf-manifest.json`]),
) as Remotes;

export interface Server {
  origin: string;
  stop(): Promise<void>;
}

const answers = (url: string) =>
  fetch(url).then(
    (res) => res.ok,
    () => false,
  );

async function start(command: string, args: string[], cwd: string, origin: string, ready: string) {
  // Another server on the port would pass for this one.
  if (await answers(`${origin}${ready}`)) throw new Error(`${origin} is already taken`);
  // Its own process group: stopping it ends wrangler and its workerd together.
  const child: ChildProcess = spawn(command, args, {
    cwd,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${command} exited (${child.exitCode}):\n${log}`);
    if (await answers(`${origin}${ready}`)) break;
    if (Date.now() > deadline) throw new Error(`${origin}${ready} never answered:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    origin,
    async stop() {
      if (child.exitCode === null && child.pid) process.kill(-child.pid, 'SIGTERM');
      await exited;
    },
  };
}

/**
 * The shop's Worker (scripts/start.mjs: same dist/, own local state) with `REMOTES` set
 * as a variable, the way a deployed environment changes it without a build.
 */
export function startShop(port: number, remotes: Remotes, { fresh }: { fresh: boolean }): Promise<Server> {
  const args = [join(root, 'scripts/start.mjs'), '--port', String(port), '--state', '.wrangler/e2e-deploy'];
  if (fresh) args.push('--fresh');
  args.push('--var', `REMOTES:${JSON.stringify(remotes)}`);
  return start(process.execPath, args, root, `http://127.0.0.1:${port}`, '/api/health');
}

/**
 * The cart remote's own Worker serving `build` (a dist/ folder), for the shop at `shop`: the build
 * laid out as its deploy lays it out (packages/remote-worker/layout.mjs), hashed files skipping it.
 */
export function startCartRemote(port: number, build: string, shop: string): Promise<Server> {
  const assets = join(output, 'cart-assets');
  layOut(cart, build, assets);
  const args = ['dev', '--port', String(port), '--ip', '127.0.0.1', '--show-interactive-dev-session=false'];
  args.push('--assets', assets, '--var', `SHELL_ORIGINS:${JSON.stringify([shop])}`);
  return start(
    join(cart, 'node_modules/.bin/wrangler'),
    args,
    cart,
    `http://127.0.0.1:${port}`,
    '/mfe/cart/mf-manifest.json',
  );
}

/** mfe-cart's current build, as `pnpm run build` left it. */
export const CURRENT_CART = join(cart, 'dist');

/**
 * mfe-cart as a build from an older commit differs from today's: other shared
 * versions declared, fewer modules exposed. The real build (`vite build` with the
 * remote's own config), with `@gi/federation`'s shared list and the remote's exposes
 * changed for that build only. The server renderer is copied from the current build.
 */
export function buildOlderCart(name: string, older: { shared: object; without: string[] }): string {
  const dir = join(output, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const config = join(dir, 'vite.config.ts');
  writeFileSync(
    config,
    [
      `import { sharedSingletons } from ${JSON.stringify(join(root, 'packages/federation/src/index.ts'))};`,
      `import { exposes } from ${JSON.stringify(join(cart, 'exposes.ts'))};`,
      `import config from ${JSON.stringify(join(cart, 'vite.config.ts'))};`,
      `Object.assign(sharedSingletons, ${JSON.stringify(older.shared)});`,
      `for (const key of ${JSON.stringify(older.without)}) delete exposes[key];`,
      'export default config;',
    ].join('\n'),
  );
  const build = join(dir, 'dist');
  execFileSync(join(cart, 'node_modules/.bin/vite'), ['build', '--config', config, '--outDir', build], {
    cwd: cart,
    env,
    stdio: 'pipe',
  });
  cpSync(join(CURRENT_CART, 'ssr'), join(build, 'ssr'), { recursive: true });
  return build;
}

/** A remote's own dev server (`pnpm dev` in its folder): the standalone dev page, on its port. */
export function startRemoteDev(remote: RemoteName): Promise<Server> {
  const dir = join(root, `mfe-${remote}`);
  const origin = `http://localhost:${remoteBuild(remote).port}`;
  return start(join(dir, 'node_modules/.bin/vite'), [], dir, origin, remoteBase(remote));
}
