import { scentFinderAnswerSchema, scentFinderQuerySchema } from '../schemas/scent-finder.ts';
import { endpoint, invalidAnswer, jsonAnswer, SHARED_READ } from './define.ts';

// 'Cari Aroma' (issue 41, decision 044): the best matches of a shopper's answers among the notes,
// concentrations, genders and prices the shop keeps.
export const find = endpoint({
  method: 'get',
  path: '/scent-finder',
  tags: ['Produk'],
  summary: 'Cari Aroma: parfum yang paling cocok dengan jawaban pembeli, dengan alasannya',
  policy: SHARED_READ,
  request: { query: scentFinderQuerySchema },
  example: {
    query: {
      gender: 'wanita',
      mood: 'bunga',
      occasion: 'acara',
      notes: 'melati,cendana',
      concentration: 'EDP',
      budget: '500000',
    },
  },
  responses: {
    200: jsonAnswer(scentFinderAnswerSchema, 'Parfum yang cocok, paling cocok lebih dulu'),
    400: invalidAnswer,
  },
});
