import type { Env } from '../env.ts';
import { cloudApi } from './cloud-api.ts';
import type { WhatsAppProvider } from './provider.ts';

// Apart from provider.ts (the seam) so the seam and its adapter never import each other.

export type WhatsAppEnv = Pick<Env, 'WHATSAPP_TOKEN' | 'WHATSAPP_PHONE_NUMBER_ID' | 'WHATSAPP_API_URL'>;

/** The channel is on only with both secrets: without them checkout offers no opt-in. */
export function whatsappOn(env: WhatsAppEnv): boolean {
  return Boolean(env.WHATSAPP_TOKEN && env.WHATSAPP_PHONE_NUMBER_ID);
}

/** The configured provider, or null while the channel is off. */
export function whatsappProvider(env: WhatsAppEnv): WhatsAppProvider | null {
  return env.WHATSAPP_TOKEN && env.WHATSAPP_PHONE_NUMBER_ID
    ? cloudApi(env, env.WHATSAPP_TOKEN, env.WHATSAPP_PHONE_NUMBER_ID)
    : null;
}
