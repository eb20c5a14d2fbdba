import { BOOT_LOADER_FILE } from '@gi/contracts';
import type { Env } from '../env.ts';
import { cspHash } from './csp.ts';
import { cachedRemoteFile } from './remote-files.ts';

export interface BootLoader {
  /** The loader as the shell's build wrote it (shell/src/boot/boot-loader.ts, compiled). */
  code: string;
  /** Its CSP source: `script-src` admits exactly this inline script. */
  hash: string;
}

async function readLoader(res: Response): Promise<BootLoader> {
  const code = await res.text();
  return { code, hash: await cspHash(code) };
}

/**
 * The boot loader that starts a server-rendered page's app after its load, or null
 * when the shell's build has none: the page is then left to the browser to render.
 */
export function bootLoader(env: Env, origin: string): Promise<BootLoader | null> {
  return cachedRemoteFile(env, new URL(`/${BOOT_LOADER_FILE}`, origin), origin, readLoader);
}
