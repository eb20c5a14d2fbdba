import { Hono } from 'hono';
import { requestId } from 'hono/request-id';
import type { AppEnv } from './env.ts';
import { errorBody, handleError } from './lib/errors.ts';
import { securityHeaders } from './middleware/security.ts';
import { servePage } from './pages.ts';
import { healthRoutes } from './routes/health.ts';

const api = new Hono<AppEnv>().route('/health', healthRoutes);

const app = new Hono<AppEnv>()
  .use(requestId())
  .use(securityHeaders())
  .route('/api', api)
  .all('/api/*', (c) => c.json(errorBody('not_found', 'Endpoint tidak ditemukan'), 404))
  .get('*', servePage)
  .all('*', (c) => c.json(errorBody('method_not_allowed', 'Metode tidak diizinkan'), 405));

app.onError(handleError);

export type AppType = typeof api;
export default app;
