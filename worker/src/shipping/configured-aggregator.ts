import type { Env } from '../env.ts';
import type { CourierAggregator } from './aggregator.ts';
import { biteship } from './biteship.ts';

// Apart from aggregator.ts (the seam) so the seam and its adapter never import each other.

/** The configured aggregator, or null: without Biteship's key checkout keeps the admin's zones. */
export function courierAggregator(
  env: Pick<Env, 'BITESHIP_API_KEY' | 'BITESHIP_API_URL'>,
): CourierAggregator | null {
  return env.BITESHIP_API_KEY ? biteship(env, env.BITESHIP_API_KEY) : null;
}
