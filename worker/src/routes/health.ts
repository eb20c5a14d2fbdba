import { z } from 'zod';
import { createRouter, defineEndpoint, errorAnswer, jsonAnswer } from '../api/endpoint.ts';
import { errorBody } from '../lib/errors.ts';

const check = defineEndpoint({
  method: 'get',
  path: '/',
  tags: ['Kesehatan'],
  summary: 'Apakah Worker dan database menjawab',
  policy: { access: 'public', cache: 'private', d1: 'replica' },
  responses: {
    200: jsonAnswer(
      z.object({ status: z.literal('ok'), database: z.literal('ok'), settings: z.number().int() }),
      'Semua menjawab',
    ),
    503: errorAnswer('Database tidak dapat dihubungi'),
  },
});

export const healthRoutes = createRouter().openapi(check, async (c) => {
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
