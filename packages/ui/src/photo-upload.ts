import { MAX_IMAGE_BYTES } from '@gi/contracts';
import { ApiError } from '@gi/contracts/client';
import { downsizeImage, photoCopies } from './downsize-image.ts';

/** The message when a photo is still over the API's limit after downsizing. */
export const IMAGE_TOO_LARGE = 'Ukuran gambar maksimal 5 MB';

/**
 * The multipart body of a photo upload (a product's, a review's): the photo downsized, with its
 * smaller copies and their `widths`, as the API's image reader takes them. Throws the API's own
 * 413 before sending a photo that is still over the limit (a GIF or an odd type cannot shrink).
 */
export async function photoUploadBody(file: File): Promise<FormData> {
  const image = await downsizeImage(file);
  if (image.size > MAX_IMAGE_BYTES) throw new ApiError(413, 'payload_too_large', IMAGE_TOO_LARGE);
  const body = new FormData();
  body.set('file', image);
  const { width, copies } = await photoCopies(image);
  if (copies.length === 0) return body;
  body.set('widths', [...copies.map((copy) => copy.width), width].join(','));
  for (const copy of copies) {
    body.set(`w${copy.width}`, new File([copy.blob], `w${copy.width}.webp`, { type: 'image/webp' }));
  }
  return body;
}
