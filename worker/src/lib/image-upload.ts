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

const tooLarge = () => new AppError(413, 'payload_too_large', TOO_LARGE);

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
  const type = sniffImageType(new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer()));
  if (!type) throw new AppError(415, 'unsupported_image_type', UNSUPPORTED, { file: UNSUPPORTED });
  return { bytes: await file.arrayBuffer(), type, size: file.size };
}
