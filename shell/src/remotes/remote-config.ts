import {
  REMOTES_CONFIG_ELEMENT_ID,
  type RemoteName,
  type RemotesConfig,
  remoteNames,
} from '@gi/contracts/web';

/**
 * Reads the remotes the Worker wrote into the page (never compiled into the shell).
 * Checked by hand: the Worker validated it already, and zod would weigh on every visit.
 */
export function readRemotesConfig(doc: Document = document): RemotesConfig {
  const text = doc.getElementById(REMOTES_CONFIG_ELEMENT_ID)?.textContent ?? '';
  const config: Partial<Record<RemoteName, unknown>> = JSON.parse(text);
  for (const remote of remoteNames) {
    const entry = config[remote];
    if (typeof entry !== 'string' || !entry)
      throw new Error(`No entry for remote "${remote}" in #${REMOTES_CONFIG_ELEMENT_ID}`);
  }
  return config as RemotesConfig;
}
