import { areas } from '@gi/contracts/endpoints';
import { createRouter, defineEndpoint } from '../api/endpoint.ts';
import { districtsOf, provinceList, regenciesOf } from '../lib/areas.ts';
import { notFound } from '../lib/errors.ts';

/** Indonesia's areas one level at a time, for the address form's three selects. */
export const areaRoutes = createRouter()
  .openapi(defineEndpoint(areas.provinces), (c) => c.json({ items: provinceList() }, 200))
  .openapi(defineEndpoint(areas.regencies), (c) => {
    const items = regenciesOf(c.req.valid('param').code);
    if (!items) throw notFound('Provinsi tidak ditemukan');
    return c.json({ items }, 200);
  })
  .openapi(defineEndpoint(areas.districts), (c) => {
    const items = districtsOf(c.req.valid('param').code);
    if (!items) throw notFound('Kabupaten/kota tidak ditemukan');
    return c.json({ items }, 200);
  });
