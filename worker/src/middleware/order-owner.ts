import { can, ORDER_NOT_FOUND } from '@gi/contracts';
import type { Context, MiddlewareHandler } from 'hono';
import { getDb } from '../db/client.ts';
import type { AppEnv } from '../env.ts';
import { AppError } from '../lib/errors.ts';
import { loadOrderState, type OrderState } from '../orders/transition.ts';
import { requireUser } from './session.ts';

/** The order each request's guard found, for its handler. */
const found = new WeakMap<Context, OrderState>();

/**
 * The guard of 'owner' access (`admins: true`) and of 'buyer' access (packages/contracts/src/
 * endpoints/define.ts): a live session, then the order of the path's `{id}`, which must be the
 * user's own (or, for 'owner', the user staff whose role holds 'orders'). Anyone else gets the 404 of an order that does
 * not exist, so ids cannot be probed. The handler reads the order with `ownedOrder(c)`.
 */
export function requireOrderOwner({ admins }: { admins: boolean }): MiddlewareHandler<AppEnv> {
  return (c, next) =>
    requireUser(c, async () => {
      const auth = c.get('auth');
      const state = await loadOrderState(getDb(c.env.DB), c.req.param('id') ?? '');
      const staff = admins && can(auth?.role, 'orders');
      if (!state || !auth || (state.order.userId !== auth.userId && !staff)) {
        throw new AppError(404, 'not_found', ORDER_NOT_FOUND);
      }
      found.set(c, state);
      await next();
    });
}

/** The order an 'owner' or 'buyer' route's guard let through. */
export function ownedOrder(c: Context<AppEnv>): OrderState {
  const state = found.get(c);
  if (!state)
    throw new Error(`${c.req.method} ${c.req.path}: the route declares no 'owner' or 'buyer' access`);
  return state;
}
