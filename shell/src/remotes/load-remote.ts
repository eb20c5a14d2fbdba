import { type RemoteName, remoteContainer, remoteNames } from '@gi/contracts/web';
import { loadRemote, registerRemotes } from '@module-federation/runtime';
import type { ComponentType } from 'react';
import { readRemotesConfig } from './remote-config.ts';

let registered = false;

function register(force: boolean): void {
  const config = readRemotesConfig();
  registerRemotes(
    // The Worker gives each remote's entry module when it could read the manifest,
    // else the manifest itself (`*.json`), which the runtime then reads.
    remoteNames.map((remote) => ({
      name: remoteContainer(remote),
      entry: config[remote],
      ...(config[remote].endsWith('.json') ? {} : { type: 'module' }),
    })),
    { force },
  );
  registered = true;
}

/**
 * Loads an exposed page component. After a failure, pass `retry` so the runtime
 * forgets the broken entry and fetches it again instead of reusing the rejection.
 */
export async function loadRemoteComponent(
  remote: RemoteName,
  module: string,
  retry = false,
): Promise<ComponentType> {
  if (!registered || retry) register(retry);
  const id = `${remoteContainer(remote)}/${module.replace(/^\.\//, '')}`;
  const loaded = await loadRemote<{ default: ComponentType }>(id);
  if (!loaded?.default) throw new Error(`Remote module ${id} has no default export`);
  return loaded.default;
}
