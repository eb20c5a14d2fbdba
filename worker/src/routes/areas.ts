import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { districtsOf, provinceList, regenciesOf } from '../lib/areas.ts';
import { AppError } from '../lib/errors.ts';

/** The areas change only with a deploy: browsers and the edge may keep them a day. */
const CACHE = 'public, max-age=86400';

/** Indonesia's areas one level at a time, for the address form's three selects. */
export const areaRoutes = new Hono<AppEnv>()
  .get('/provinces', (c) => {
    c.header('Cache-Control', CACHE);
    return c.json({ items: provinceList() });
  })

  .get('/provinces/:code/regencies', (c) => {
    const items = regenciesOf(c.req.param('code'));
    if (!items) throw new AppError(404, 'not_found', 'Provinsi tidak ditemukan');
    c.header('Cache-Control', CACHE);
    return c.json({ items });
  })

  .get('/regencies/:code/districts', (c) => {
    const items = districtsOf(c.req.param('code'));
    if (!items) throw new AppError(404, 'not_found', 'Kabupaten/kota tidak ditemukan');
    c.header('Cache-Control', CACHE);
    return c.json({ items });
  });
