import type { GatewayEnv, PaymentGateway } from './gateway.ts';
import { midtrans } from './midtrans.ts';

// Apart from gateway.ts (the seam) so the seam and its adapter never import each other.

/** The configured gateway, or null: without a server key the gateway's methods are not offered. */
export function paymentGateway(env: GatewayEnv): PaymentGateway | null {
  return env.MIDTRANS_SERVER_KEY ? midtrans(env, env.MIDTRANS_SERVER_KEY) : null;
}
