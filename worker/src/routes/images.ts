import { MAX_IMAGE_BYTES, type UploadedImage } from '@gi/contracts';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../env.ts';
import { AppError, errorBody } from '../lib/errors.ts';
import { requireAdmin } from '../middleware/session.ts';
import { IMAGE_KEY, putImage, SNIFF_BYTES, sniffImageType } from '../storage/images.ts';

// Room for the multipart envelope (boundaries, part headers, a long file name)
// around a file of exactly MAX_IMAGE_BYTES; the file itself is checked after parsing.
const MULTIPART_OVERHEAD = 16 * 1024;
const TOO_LARGE = 'Ukuran gambar maksimal 5 MB';
const UNSUPPORTED = 'Format gambar tidak didukung. Gunakan JPG, PNG, WebP, GIF atau AVIF.';
const IMMUTABLE = 'public, max-age=31536000, immutable';

const tooLarge = () => new AppError(413, 'payload_too_large', TOO_LARGE);

/** POST /api/images (admin): multipart field `file`, at most 5 MB, JPEG/PNG/WebP/GIF/AVIF by its bytes. */
export const imageRoutes = new Hono<AppEnv>().post(
  '/',
  requireAdmin,
  async (c, next) => {
    if (!/^multipart\/form-data\s*;/i.test(c.req.header('content-type') ?? '')) {
      throw new AppError(
        415,
        'unsupported_media_type',
        'Kirim gambar sebagai multipart/form-data (field "file")',
      );
    }
    await next();
  },
  // Refuses by Content-Length before reading, or while streaming when there is none.
  bodyLimit({
    maxSize: MAX_IMAGE_BYTES + MULTIPART_OVERHEAD,
    onError: () => {
      throw tooLarge();
    },
  }),
  async (c) => {
    const form = await c.req.raw.formData().catch(() => {
      throw new AppError(400, 'invalid_input', 'Data unggahan tidak valid');
    });
    const file = form.get('file');
    if (!(file instanceof File)) {
      throw new AppError(400, 'invalid_input', 'Pilih file gambar', { file: 'Pilih file gambar' });
    }
    if (file.size > MAX_IMAGE_BYTES) throw tooLarge();
    const type = sniffImageType(new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer()));
    if (!type) throw new AppError(415, 'unsupported_image_type', UNSUPPORTED, { file: UNSUPPORTED });
    const key = await putImage(c.env.IMAGES, await file.arrayBuffer(), type);
    return c.json(
      { url: `/images/${key}`, key, contentType: type.contentType, size: file.size } satisfies UploadedImage,
      201,
    );
  },
);

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
