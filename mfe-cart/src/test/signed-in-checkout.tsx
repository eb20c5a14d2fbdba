import { useSession } from '@gi/session';
import type { ReactNode } from 'react';
import { areaRoutes, jakartaQuote, savedGambir } from './checkout-api.ts';
import { checkoutOptions } from './payments.ts';

/** The customer the checkout tests sign in. */
export const customer = {
  id: 'u1',
  email: 'ani@contoh.id',
  name: 'Ani',
  role: 'customer',
  pendingEmail: null,
};

/** Renders the checkout once the session has the customer, as the cart page does. */
export function SignedIn({ children }: { children: ReactNode }) {
  return useSession().user ? children : null;
}

/** What a signed-in checkout reads: the session, QRIS last used, one saved address, Jakarta, a quote. */
export const signedInCheckout = {
  'GET /api/auth/session': () => Response.json({ user: customer }),
  'GET /api/payment-options': () => Response.json(checkoutOptions({ last_channel: 'other_qris' })),
  'GET /api/addresses': () => Response.json({ items: [savedGambir] }),
  ...areaRoutes,
  'POST /api/shipping/quote': () => Response.json(jakartaQuote),
};
