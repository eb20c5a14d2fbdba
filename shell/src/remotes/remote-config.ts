import {
  REMOTES_CONFIG_ELEMENT_ID,
  type RemoteName,
  type RemotesConfig,
  readDataBlock,
  remoteNames,
} from '@gi/contracts/web';

/**
 * Reads the remotes the Worker wrote into the page (never compiled into the shell).
 * Checked by hand: the Worker validated it already, and zod would weigh on every visit.
 */
export function readRemotesConfig(doc: Document = document): RemotesConfig {
  const config = readDataBlock<Partial<Record<RemoteName, unknown>>>(doc, REMOTES_CONFIG_ELEMENT_ID) ?? {};
  for (const remote of remoteNames) {
    const entry = config[remote];
    if (typeof entry !== 'string' || !entry)
      throw new Error(`No entry for remote "${remote}" in #${REMOTES_CONFIG_ELEMENT_ID}`);
  }
  return config as RemotesConfig;
}
