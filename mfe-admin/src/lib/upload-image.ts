import { MAX_IMAGE_BYTES, type UploadedImage } from '@gi/contracts';
import { ApiError, apiRequest } from '@gi/contracts/client';
import { downsizeImage } from '@gi/ui';

export const IMAGE_TOO_LARGE = 'Ukuran gambar maksimal 5 MB';

/** Downsizes the picture, then stores it through POST /api/images (admin only); answers its URL. */
export async function uploadImage(file: File): Promise<string> {
  const image = await downsizeImage(file);
  // Said before sending: a GIF or an odd type cannot be shrunk, and 5 MB is the API's limit too.
  if (image.size > MAX_IMAGE_BYTES) throw new ApiError(413, 'payload_too_large', IMAGE_TOO_LARGE);
  const body = new FormData();
  body.set('file', image);
  const uploaded = await apiRequest<UploadedImage>('/api/images', { method: 'POST', body });
  return uploaded.url;
}
