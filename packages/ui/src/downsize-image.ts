import { IMAGE_WIDTHS } from '@gi/contracts/web';

/** Longest side of a photo after downsizing in the browser (product.md §10.4). */
export const MAX_IMAGE_SIDE = 1600;

/** JPEG and WebP are re-encoded in their own type; PNG keeps its transparency as PNG. */
const RESIZABLE_TYPES = ['image/jpeg', 'image/webp', 'image/png'];
const QUALITY = 0.85;

/** The size that fits `max` on the longest side, keeping the aspect ratio; never enlarges. */
export function targetSize(
  width: number,
  height: number,
  max = MAX_IMAGE_SIDE,
): { width: number; height: number } {
  const longest = Math.max(width, height);
  if (longest <= max) return { width, height };
  const scale = max / longest;
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/**
 * Shrinks a large photo before upload so it stays under the API's 5 MB and loads
 * fast. GIFs (animation would be lost), other types and images that already fit
 * are sent as they are; so is anything the browser cannot decode, which the API
 * then judges by its bytes.
 */
export async function downsizeImage(file: File): Promise<File> {
  if (!RESIZABLE_TYPES.includes(file.type) || typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file;
  }
  try {
    const size = targetSize(bitmap.width, bitmap.height);
    if (size.width === bitmap.width && size.height === bitmap.height) return file;
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) return file;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, file.type, QUALITY));
    // A browser that cannot encode the type answers null or falls back to PNG: keep the original then.
    if (!blob || blob.type !== file.type || blob.size >= file.size) return file;
    return new File([blob], file.name, { type: file.type, lastModified: file.lastModified });
  } finally {
    bitmap.close();
  }
}

/** The copies' quality: small photos on cards, where WebP at 0.8 shows no loss. */
const COPY_QUALITY = 0.8;

export interface PhotoCopies {
  /** The photo's own width; 0 when the browser could not decode it. */
  width: number;
  /** WebP copies at each of IMAGE_WIDTHS narrower than the photo, ascending. */
  copies: { width: number; blob: Blob }[];
}

/**
 * The smaller copies a product photo is served in (decision 017): Workers have no
 * image library, so the admin's browser makes them before upload. None when the
 * browser cannot decode the photo or cannot encode WebP: the photo is then served
 * as it is.
 */
export async function photoCopies(file: File): Promise<PhotoCopies> {
  if (typeof createImageBitmap !== 'function') return { width: 0, copies: [] };
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return { width: 0, copies: [] };
  }
  try {
    const copies: PhotoCopies['copies'] = [];
    for (const width of IMAGE_WIDTHS.filter((w) => w < bitmap.width)) {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = Math.max(1, Math.round((bitmap.height * width) / bitmap.width));
      const context = canvas.getContext('2d');
      if (!context) return { width: bitmap.width, copies: [] };
      context.imageSmoothingQuality = 'high';
      context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      const blob = await new Promise<Blob | null>((resolve) =>
        canvas.toBlob(resolve, 'image/webp', COPY_QUALITY),
      );
      // A browser without a WebP encoder answers PNG: no copies rather than heavy ones.
      if (blob?.type !== 'image/webp') return { width: bitmap.width, copies: [] };
      copies.push({ width, blob });
    }
    return { width: bitmap.width, copies };
  } finally {
    bitmap.close();
  }
}
