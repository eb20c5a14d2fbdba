import { MAX_IMAGE_BYTES, type ProductImage, type UploadedImage } from '@gi/contracts';
import { api } from '@gi/contracts/api';
import { ApiError } from '@gi/contracts/client';
import { downsizeImage, photoCopies } from '@gi/ui';

export const IMAGE_TOO_LARGE = 'Ukuran gambar maksimal 5 MB';

/** Downsizes the picture and stores it through the image upload (admin only), with `extra` form fields. */
async function upload(
  file: File,
  extra?: (image: File, body: FormData) => Promise<void>,
): Promise<UploadedImage> {
  const image = await downsizeImage(file);
  // Said before sending: a GIF or an odd type cannot be shrunk, and 5 MB is the API's limit too.
  if (image.size > MAX_IMAGE_BYTES) throw new ApiError(413, 'payload_too_large', IMAGE_TOO_LARGE);
  const body = new FormData();
  body.set('file', image);
  await extra?.(image, body);
  return api('POST /images', { body });
}

/** Stores a picture (a collection's, the site's); answers its URL. */
export async function uploadImage(file: File): Promise<string> {
  return (await upload(file)).url;
}

/** Stores a product photo with its smaller copies (decision 017); answers it as the product form keeps it. */
export async function uploadPhoto(file: File): Promise<ProductImage> {
  const uploaded = await upload(file, async (image, body) => {
    const { width, copies } = await photoCopies(image);
    if (copies.length === 0) return;
    body.set('widths', [...copies.map((copy) => copy.width), width].join(','));
    for (const copy of copies) {
      body.set(`w${copy.width}`, new File([copy.blob], `w${copy.width}.webp`, { type: 'image/webp' }));
    }
  });
  return { url: uploaded.url, widths: uploaded.widths };
}
