import { MAX_IMAGE_BYTES, type ProductImage } from '@gi/contracts';
import { api } from '@gi/contracts/api';
import { ApiError } from '@gi/contracts/client';
import { downsizeImage } from '@gi/ui';
import { IMAGE_TOO_LARGE, photoUploadBody } from '@gi/ui/photo-upload';

/** Stores a picture (a collection's, the site's); answers its URL. */
export async function uploadImage(file: File): Promise<string> {
  const image = await downsizeImage(file);
  // Said before sending: a GIF or an odd type cannot be shrunk, and 5 MB is the API's limit too.
  if (image.size > MAX_IMAGE_BYTES) throw new ApiError(413, 'payload_too_large', IMAGE_TOO_LARGE);
  const body = new FormData();
  body.set('file', image);
  return (await api('POST /images', { body })).url;
}

/** Stores a product photo with its smaller copies (decision 017); answers it as the product form keeps it. */
export async function uploadPhoto(file: File): Promise<ProductImage> {
  const uploaded = await api('POST /images', { body: await photoUploadBody(file) });
  return { url: uploaded.url, widths: uploaded.widths };
}
