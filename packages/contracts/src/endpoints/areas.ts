import { z } from 'zod';
import { areaListSchema } from '../schemas/shipping.ts';
import { type EndpointPolicy, endpoint, errorAnswer, jsonAnswer } from './define.ts';

/** The areas change only with a deploy: browsers and the edge may keep them a day. */
const policy = {
  access: 'public',
  cache: 'shared',
  d1: 'replica',
  browserMaxAge: 86_400,
} as const satisfies EndpointPolicy;
const areas = jsonAnswer(areaListSchema, 'Daftar wilayah');
const code = z.object({ code: z.string().max(20) });

export const provinces = endpoint({
  method: 'get',
  path: '/areas/provinces',
  tags: ['Wilayah'],
  summary: 'Provinsi di Indonesia',
  policy,
  responses: { 200: areas },
});

export const regencies = endpoint({
  method: 'get',
  path: '/areas/provinces/{code}/regencies',
  tags: ['Wilayah'],
  summary: 'Kabupaten/kota sebuah provinsi',
  policy,
  request: { params: code },
  example: { params: { code: '32' } },
  responses: { 200: areas, 404: errorAnswer('Provinsi tidak ditemukan') },
});

export const districts = endpoint({
  method: 'get',
  path: '/areas/regencies/{code}/districts',
  tags: ['Wilayah'],
  summary: 'Kecamatan sebuah kabupaten/kota',
  policy,
  request: { params: code },
  example: { params: { code: '32.71' } },
  responses: { 200: areas, 404: errorAnswer('Kabupaten/kota tidak ditemukan') },
});
