import { IMAGE_WIDTHS, MAX_IMAGE_BYTES, MAX_IMAGE_VARIANT_BYTES, type UploadedImage } from '@gi/contracts';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../env.ts';
import { AppError, errorBody } from '../lib/errors.ts';
import { requireAdmin } from '../middleware/session.ts';
import { IMAGE_KEY, type ImageType, putImage, SNIFF_BYTES, sniffImageType } from '../storage/images.ts';

// Room for the multipart envelope (boundaries, part headers, a long file name)
// around a file of exactly MAX_IMAGE_BYTES; the file itself is checked after parsing.
const MULTIPART_OVERHEAD = 16 * 1024;
const TOO_LARGE = 'Ukuran gambar maksimal 5 MB';
const UNSUPPORTED = 'Format gambar tidak didukung. Gunakan JPG, PNG, WebP, GIF atau AVIF.';
const IMMUTABLE = 'public, max-age=31536000, immutable';

const BAD_WIDTHS = 'Ukuran salinan gambar tidak valid';

const tooLarge = () => new AppError(413, 'payload_too_large', TOO_LARGE);
const badWidths = () => new AppError(400, 'invalid_input', BAD_WIDTHS, { widths: BAD_WIDTHS });

async function sniff(file: File): Promise<ImageType | null> {
  return sniffImageType(new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer()));
}

/**
 * The smaller copies sent beside the photo (decision 017: made in the admin's browser,
 * Workers have no image library): `widths` lists every width ascending, the photo's
 * own last, and each smaller one comes as a WebP part `w<width>`. None is fine.
 */
async function readCopies(form: FormData): Promise<{ widths: number[]; copies: File[] }> {
  const text = form.get('widths');
  if (text === null || text === '') return { widths: [], copies: [] };
  if (typeof text !== 'string' || !/^\d{1,5}(?:,\d{1,5}){1,3}$/.test(text)) throw badWidths();
  const widths = text.split(',').map(Number);
  const smaller = widths.slice(0, -1);
  const ascending = widths.every((w, i) => i === 0 || w > (widths[i - 1] as number));
  if (!ascending || !smaller.every((w) => (IMAGE_WIDTHS as readonly number[]).includes(w))) throw badWidths();
  const copies: File[] = [];
  for (const width of smaller) {
    const copy = form.get(`w${width}`);
    if (!(copy instanceof File)) throw badWidths();
    if (copy.size > MAX_IMAGE_VARIANT_BYTES) throw tooLarge();
    if ((await sniff(copy))?.ext !== 'webp') {
      throw new AppError(415, 'unsupported_image_type', UNSUPPORTED, { file: UNSUPPORTED });
    }
    copies.push(copy);
  }
  return { widths, copies };
}

/**
 * POST /api/images (admin): multipart field `file`, at most 5 MB, JPEG/PNG/WebP/GIF/AVIF
 * by its bytes, with optional smaller WebP copies (`widths`, `w320`, `w720`).
 */
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
    maxSize: MAX_IMAGE_BYTES + IMAGE_WIDTHS.length * MAX_IMAGE_VARIANT_BYTES + MULTIPART_OVERHEAD,
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
    const type = await sniff(file);
    if (!type) throw new AppError(415, 'unsupported_image_type', UNSUPPORTED, { file: UNSUPPORTED });
    const { widths, copies } = await readCopies(form);
    const key = await putImage(
      c.env.IMAGES,
      await file.arrayBuffer(),
      type,
      await Promise.all(
        copies.map(async (copy, i) => ({ width: widths[i] as number, bytes: await copy.arrayBuffer() })),
      ),
    );
    return c.json(
      {
        url: `/images/${key}`,
        key,
        contentType: type.contentType,
        size: file.size,
        widths,
      } satisfies UploadedImage,
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
