import { IMAGE_WIDTHS, MAX_IMAGE_BYTES, MAX_IMAGE_VARIANT_BYTES, type UploadedImage } from '@gi/contracts';
import { images } from '@gi/contracts/endpoints';
import { IMMUTABLE } from '@gi/remote-worker/headers';
import { Hono } from 'hono';
import { createRouter, defineEndpoint } from '../api/endpoint.ts';
import type { AppEnv } from '../env.ts';
import { errorBody } from '../lib/errors.ts';
import { imageUpload, readImageCopies, readImageUpload } from '../lib/image-upload.ts';
import { IMAGE_KEY, putImage } from '../storage/images.ts';

// The body limit: the image and its smaller copies.
const upload = defineEndpoint(images.upload, {
  use: [imageUpload(MAX_IMAGE_BYTES + IMAGE_WIDTHS.length * MAX_IMAGE_VARIANT_BYTES)],
});

/** POST /api/images (admin). */
export const imageRoutes = createRouter().openapi(upload, async (c) => {
  const { bytes, type, size, form } = await readImageUpload(c, MAX_IMAGE_BYTES);
  const { widths, copies } = await readImageCopies(form);
  const key = await putImage(c.env.IMAGES, bytes, type, copies);
  const image: UploadedImage = { url: `/images/${key}`, key, contentType: type.contentType, size, widths };
  return c.json(image, 201);
});

/**
 * GET /images/:key: served from R2 with the type sniffed at upload. Keys are never
 * rewritten, so the answer is cached for a year and revalidated by ETag.
 */
export const imageFileRoutes = new Hono<AppEnv>().get('/:key', async (c) => {
  const key = c.req.param('key');
  const ifNoneMatch = c.req.header('if-none-match');
  const onlyIf = ifNoneMatch ? new Headers({ 'if-none-match': ifNoneMatch }) : undefined;
  const object = IMAGE_KEY.test(key) ? await c.env.IMAGES.get(key, { onlyIf }) : null;
  if (!object) return c.json(errorBody('not_found', 'Gambar tidak ditemukan'), 404);
  const headers = new Headers({
    ETag: object.httpEtag,
    'Cache-Control': IMMUTABLE,
    'X-Content-Type-Options': 'nosniff',
  });
  // Without a body R2 is saying the If-None-Match precondition held: the browser's copy is current.
  if (!('body' in object)) return new Response(null, { status: 304, headers });
  headers.set('Content-Type', object.httpMetadata?.contentType ?? 'application/octet-stream');
  headers.set('Content-Length', String(object.size));
  return new Response(object.body, { headers });
});
