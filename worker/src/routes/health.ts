import { health } from '@gi/contracts/endpoints';
import { createRouter, defineEndpoint } from '../api/endpoint.ts';
import { errorBody } from '../lib/errors.ts';

export const healthRoutes = createRouter().openapi(defineEndpoint(health.check), async (c) => {
  try {
    const row = await c.env.DB.prepare('SELECT count(*) AS settings FROM site_settings').first<{
      settings: number;
    }>();
    return c.json({ status: 'ok' as const, database: 'ok' as const, settings: row?.settings ?? 0 }, 200);
  } catch (err) {
    console.error(JSON.stringify({ event: 'health_db_failed', message: (err as Error).message }));
    return c.json(errorBody('database_unavailable', 'Database tidak dapat dihubungi'), 503);
  }
});
