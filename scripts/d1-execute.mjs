// One SQL command against the shop's D1 through `wrangler d1 execute`, for the scripts
// that read or change it from outside the Worker (create-admin, mail).
import { spawnSync } from 'node:child_process';
import { delimiter, dirname, join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const wrangler = join(root, 'worker/node_modules/.bin/wrangler');

/**
 * Runs `sql` with the given target arguments (`--local --persist-to <dir>`, or `--remote`
 * and `--env <name>`); answers wrangler's JSON results, or null with its output when it failed.
 */
export function d1Execute(sql, target) {
  const result = spawnSync(wrangler, ['d1', 'execute', 'DB', ...target, '--json', '--command', sql], {
    cwd: root,
    encoding: 'utf8',
    // wrangler needs Node 22: the Node running this script (the workspace's) goes first.
    env: {
      ...process.env,
      PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH}`,
      CI: 'true',
      WRANGLER_SEND_METRICS: 'false',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return result.status === 0 ? { results: JSON.parse(result.stdout) } : { failed: result.stdout };
}
