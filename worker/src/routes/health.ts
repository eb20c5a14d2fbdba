import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { errorBody } from '../lib/errors.ts';

export const healthRoutes = new Hono<AppEnv>().get('/', async (c) => {
  try {
    const row = await c.env.DB.prepare('SELECT count(*) AS settings FROM site_settings').first<{
      settings: number;
    }>();
    return c.json({ status: 'ok', database: 'ok', settings: row?.settings ?? 0 });
  } catch (err) {
    console.error(JSON.stringify({ event: 'health_db_failed', message: (err as Error).message }));
    return c.json(errorBody('database_unavailable', 'Database tidak dapat dihubungi'), 503);
  }
});
