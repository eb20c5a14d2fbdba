import { z } from 'zod';
import { endpoint, jsonAnswer, SHARED_READ } from './define.ts';

export const openapi = endpoint({
  method: 'get',
  path: '/openapi.json',
  tags: ['Dokumentasi'],
  summary: 'Dokumen OpenAPI 3.1 dari API toko',
  policy: SHARED_READ,
  responses: { 200: jsonAnswer(z.record(z.string(), z.unknown()), 'Dokumen OpenAPI') },
});
