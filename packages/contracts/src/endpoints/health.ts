import { z } from 'zod';
import { endpoint, errorAnswer, jsonAnswer } from './define.ts';

export const check = endpoint({
  method: 'get',
  path: '/health',
  tags: ['Kesehatan'],
  summary: 'Apakah Worker dan database menjawab',
  // A probe's answer is never kept, yet any replica proves the database answers.
  policy: { access: 'public', cache: 'private', d1: 'replica' },
  responses: {
    200: jsonAnswer(
      z.object({ status: z.literal('ok'), database: z.literal('ok'), settings: z.number().int() }),
      'Semua menjawab',
    ),
    503: errorAnswer('Database tidak dapat dihubungi'),
  },
});
