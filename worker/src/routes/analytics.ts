import { analytics } from '@gi/contracts/endpoints';
import { createRouter, defineEndpoint } from '../api/endpoint.ts';
import { readAnalytics } from '../services/analytics.ts';

/** The admin's sales analytics (issue 42, decision 055). */
export const analyticsRoutes = createRouter().openapi(defineEndpoint(analytics.read), async (c) =>
  c.json(await readAnalytics(c.env.DB, c.req.valid('query')), 200),
);
