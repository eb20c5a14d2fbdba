import { areaListSchema } from '@gi/contracts';
import { z } from 'zod';
import { createRouter, defineEndpoint, errorAnswer } from '../api/endpoint.ts';
import type { Policy } from '../api/policy.ts';
import { districtsOf, provinceList, regenciesOf } from '../lib/areas.ts';
import { AppError } from '../lib/errors.ts';

/** The areas change only with a deploy: browsers and the edge may keep them a day. */
const policy: Policy = { access: 'public', cache: 'shared', d1: 'replica', browserMaxAge: 86_400 };
const areas = { description: 'Daftar wilayah', content: { 'application/json': { schema: areaListSchema } } };
const code = z.object({ code: z.string().max(20) });

const provinces = defineEndpoint({
  method: 'get',
  path: '/provinces',
  tags: ['Wilayah'],
  summary: 'Provinsi di Indonesia',
  policy,
  responses: { 200: areas },
});

const regencies = defineEndpoint({
  method: 'get',
  path: '/provinces/{code}/regencies',
  tags: ['Wilayah'],
  summary: 'Kabupaten/kota sebuah provinsi',
  policy,
  request: { params: code },
  responses: { 200: areas, 404: errorAnswer('Provinsi tidak ditemukan') },
});

const districts = defineEndpoint({
  method: 'get',
  path: '/regencies/{code}/districts',
  tags: ['Wilayah'],
  summary: 'Kecamatan sebuah kabupaten/kota',
  policy,
  request: { params: code },
  responses: { 200: areas, 404: errorAnswer('Kabupaten/kota tidak ditemukan') },
});

/** Indonesia's areas one level at a time, for the address form's three selects. */
export const areaRoutes = createRouter()
  .openapi(provinces, (c) => c.json({ items: provinceList() }, 200))
  .openapi(regencies, (c) => {
    const items = regenciesOf(c.req.valid('param').code);
    if (!items) throw new AppError(404, 'not_found', 'Provinsi tidak ditemukan');
    return c.json({ items }, 200);
  })
  .openapi(districts, (c) => {
    const items = districtsOf(c.req.valid('param').code);
    if (!items) throw new AppError(404, 'not_found', 'Kabupaten/kota tidak ditemukan');
    return c.json({ items }, 200);
  });
