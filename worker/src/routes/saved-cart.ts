import { savedCart } from '@gi/contracts/endpoints';
import { createRouter, defineEndpoint } from '../api/endpoint.ts';
import { getDb } from '../db/client.ts';
import {
  mergeSavedCart,
  readConsent,
  readSavedCart,
  reminderTiming,
  replaceSavedCart,
  setConsent,
} from '../services/saved-carts.ts';

/** Saved carts and marketing consent (decision 050): the signed-in customer's own only. */
export const savedCartRoutes = createRouter()
  .openapi(defineEndpoint(savedCart.read), async (c) => {
    const userId = c.get('auth')?.userId as string;
    return c.json(await readSavedCart(getDb(c.env.DB), userId), 200);
  })
  .openapi(defineEndpoint(savedCart.replace), async (c) => {
    const userId = c.get('auth')?.userId as string;
    const { lines } = c.req.valid('json');
    return c.json(await replaceSavedCart(getDb(c.env.DB), reminderTiming(c.env), userId, lines), 200);
  })
  .openapi(defineEndpoint(savedCart.merge), async (c) => {
    const userId = c.get('auth')?.userId as string;
    const { lines } = c.req.valid('json');
    return c.json(await mergeSavedCart(getDb(c.env.DB), reminderTiming(c.env), userId, lines), 200);
  })
  .openapi(defineEndpoint(savedCart.consent), async (c) => {
    const userId = c.get('auth')?.userId as string;
    return c.json(await readConsent(getDb(c.env.DB), userId), 200);
  })
  .openapi(defineEndpoint(savedCart.setConsent), async (c) => {
    const userId = c.get('auth')?.userId as string;
    return c.json(await setConsent(getDb(c.env.DB), userId, c.req.valid('json').consent), 200);
  });
