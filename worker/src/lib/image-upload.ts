import { IMAGE_WIDTHS, MAX_IMAGE_VARIANT_BYTES } from '@gi/contracts';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../env.ts';
import { type ImageType, SNIFF_BYTES, sniffImageType } from '../storage/images.ts';
import { AppError } from './errors.ts';

// One way to take an uploaded picture (catalogue images, transfer receipts): multipart field
// `file`, bounded before and after parsing, its type read from its own bytes.

// Room for the multipart envelope (boundaries, part headers, a long file name)
// around a file of exactly the largest size; the file itself is checked after parsing.
const MULTIPART_OVERHEAD = 16 * 1024;
const UNSUPPORTED = 'Format gambar tidak didukung. Gunakan JPG, PNG, WebP, GIF atau AVIF.';
const TOO_LARGE = 'Ukuran gambar maksimal 5 MB';

const BAD_WIDTHS = 'Ukuran salinan gambar tidak valid';

const tooLarge = () => new AppError(413, 'payload_too_large', TOO_LARGE);
const unsupported = () => new AppError(415, 'unsupported_image_type', UNSUPPORTED, { file: UNSUPPORTED });
const badWidths = () => new AppError(400, 'invalid_input', BAD_WIDTHS, { widths: BAD_WIDTHS });

const sniff = async (file: File) =>
  sniffImageType(new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer()));

/** Refuses anything but multipart, then bounds the body by Content-Length or while streaming. */
export function imageUpload(maxBytes: number): MiddlewareHandler<AppEnv> {
  const limit = bodyLimit({
    maxSize: maxBytes + MULTIPART_OVERHEAD,
    onError: () => {
      throw tooLarge();
    },
  });
  return async (c, next) => {
    if (!/^multipart\/form-data\s*;/i.test(c.req.header('content-type') ?? '')) {
      throw new AppError(
        415,
        'unsupported_media_type',
        'Kirim gambar sebagai multipart/form-data (field "file")',
      );
    }
    return limit(c, next);
  };
}

export interface UploadedFile {
  bytes: ArrayBuffer;
  type: ImageType;
  size: number;
  /** The whole form, for fields sent beside the file. */
  form: FormData;
}

/** The `file` field of the request, when it is an image we serve of at most `maxBytes`. */
export async function readImageUpload(c: Context<AppEnv>, maxBytes: number): Promise<UploadedFile> {
  const form = await c.req.raw.formData().catch(() => {
    throw new AppError(400, 'invalid_input', 'Data unggahan tidak valid');
  });
  const file = form.get('file');
  if (!(file instanceof File)) {
    throw new AppError(400, 'invalid_input', 'Pilih file gambar', { file: 'Pilih file gambar' });
  }
  if (file.size > maxBytes) throw tooLarge();
  const type = await sniff(file);
  if (!type) throw unsupported();
  return { bytes: await file.arrayBuffer(), type, size: file.size, form };
}

/**
 * The smaller copies of a product photo sent beside it (decision 017: made in the admin's
 * browser, Workers have no image library): `widths` lists every width ascending, the
 * photo's own last, and each smaller one comes as a WebP part `w<width>`. None is fine.
 */
export async function readImageCopies(
  form: FormData,
): Promise<{ widths: number[]; copies: { width: number; bytes: ArrayBuffer }[] }> {
  const text = form.get('widths');
  if (text === null || text === '') return { widths: [], copies: [] };
  if (typeof text !== 'string' || !/^\d{1,5}(?:,\d{1,5}){1,3}$/.test(text)) throw badWidths();
  const widths = text.split(',').map(Number);
  const smaller = widths.slice(0, -1);
  const ascending = widths.every((w, i) => i === 0 || w > (widths[i - 1] as number));
  if (!ascending || !smaller.every((w) => (IMAGE_WIDTHS as readonly number[]).includes(w))) throw badWidths();
  const copies: { width: number; bytes: ArrayBuffer }[] = [];
  for (const width of smaller) {
    const copy = form.get(`w${width}`);
    if (!(copy instanceof File)) throw badWidths();
    if (copy.size > MAX_IMAGE_VARIANT_BYTES) throw tooLarge();
    if ((await sniff(copy))?.ext !== 'webp') throw unsupported();
    copies.push({ width, bytes: await copy.arrayBuffer() });
  }
  return { widths, copies };
}
