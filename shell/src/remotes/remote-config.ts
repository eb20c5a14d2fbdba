import { REMOTES_CONFIG_ELEMENT_ID, type RemotesConfig, remotesConfigSchema } from '@gi/contracts';

/** Reads the remotes the Worker wrote into the page (never compiled into the shell). */
export function readRemotesConfig(doc: Document = document): RemotesConfig {
  const text = doc.getElementById(REMOTES_CONFIG_ELEMENT_ID)?.textContent ?? '';
  return remotesConfigSchema.parse(JSON.parse(text));
}
