import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { requestId } from 'hono/request-id';
import type { AppEnv } from './env.ts';
import { AppError, errorBody, handleError } from './lib/errors.ts';
import { sameOrigin } from './middleware/origin.ts';
import { securityHeaders } from './middleware/security.ts';
import { session } from './middleware/session.ts';
import { servePage } from './pages.ts';
import { authRoutes } from './routes/auth.ts';
import { healthRoutes } from './routes/health.ts';

/** JSON bodies are small; image uploads (/api/images) set their own, larger limit. */
const JSON_BODY_LIMIT = 64 * 1024;
const jsonBodyLimit = bodyLimit({
  maxSize: JSON_BODY_LIMIT,
  onError: () => {
    throw new AppError(413, 'payload_too_large', 'Data yang dikirim terlalu besar');
  },
});

const api = new Hono<AppEnv>()
  .use(sameOrigin())
  .use(session())
  .route('/health', healthRoutes)
  .route('/auth', authRoutes);

const app = new Hono<AppEnv>()
  .use(requestId())
  .use(securityHeaders())
  .use('/api/*', (c, next) => (c.req.path === '/api/images' ? next() : jsonBodyLimit(c, next)))
  .route('/api', api)
  .all('/api/*', (c) => c.json(errorBody('not_found', 'Endpoint tidak ditemukan'), 404))
  .get('*', servePage)
  .all('*', (c) => c.json(errorBody('method_not_allowed', 'Metode tidak diizinkan'), 405));

app.onError(handleError);

export type AppType = typeof api;
export default app;
