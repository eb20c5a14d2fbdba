// Product and content images in R2. The type is read from the file's own bytes,
// never from its name or the declared Content-Type, so an HTML or SVG file passed
// off as a picture is refused before it can be served from our origin.

export interface ImageType {
  contentType: string;
  ext: string;
}

const JPEG: ImageType = { contentType: 'image/jpeg', ext: 'jpg' };
const PNG: ImageType = { contentType: 'image/png', ext: 'png' };
const GIF: ImageType = { contentType: 'image/gif', ext: 'gif' };
const WEBP: ImageType = { contentType: 'image/webp', ext: 'webp' };
const AVIF: ImageType = { contentType: 'image/avif', ext: 'avif' };

/** How many leading bytes `sniffImageType` needs to decide. */
export const SNIFF_BYTES = 64;

/** Server-made keys (`<uuid>.<ext>`) and the seed's named ones; nothing else is served. */
export const IMAGE_KEY = /^[A-Za-z0-9_-]{1,100}\.(?:jpg|png|gif|webp|avif)$/;

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));

function startsWith(bytes: Uint8Array, signature: number[]): boolean {
  return signature.every((b, i) => bytes[i] === b);
}

/** AVIF is an ISO-BMFF `ftyp` box whose major or a compatible brand is avif/avis (HEIC is not). */
function isAvif(bytes: Uint8Array): boolean {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return false;
  const boxSize = new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0);
  const brands = [ascii(bytes, 8, 12)];
  for (let at = 16; at + 4 <= Math.min(boxSize, bytes.length); at += 4) brands.push(ascii(bytes, at, at + 4));
  return brands.some((brand) => brand === 'avif' || brand === 'avis');
}

/** The image type of the first `SNIFF_BYTES` bytes of a file, or null when it is not one we serve. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return JPEG;
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return PNG;
  const head = ascii(bytes, 0, 6);
  if (head === 'GIF87a' || head === 'GIF89a') return GIF;
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 15) === 'WEBPVP8') return WEBP;
  if (isAvif(bytes)) return AVIF;
  return null;
}

/**
 * Stores the bytes under a fresh server-chosen key; the stored type is what was sniffed.
 * Smaller WebP copies go beside it as `<id>-<width>w.webp` (imageWidthUrl).
 */
export async function putImage(
  bucket: R2Bucket,
  bytes: ArrayBuffer,
  type: ImageType,
  copies: { width: number; bytes: ArrayBuffer }[] = [],
): Promise<string> {
  const id = crypto.randomUUID();
  await Promise.all(
    copies.map((copy) =>
      bucket.put(`${id}-${copy.width}w.webp`, copy.bytes, {
        httpMetadata: { contentType: WEBP.contentType },
      }),
    ),
  );
  const key = `${id}.${type.ext}`;
  await bucket.put(key, bytes, { httpMetadata: { contentType: type.contentType } });
  return key;
}

/**
 * A transfer receipt: private, under 'receipts/<order id>/', which the public /images route
 * never serves (IMAGE_KEY has no '/'); only GET /api/orders/:id/receipt reads it.
 */
export async function putReceipt(
  bucket: R2Bucket,
  orderId: string,
  bytes: ArrayBuffer,
  type: ImageType,
): Promise<string> {
  const key = `receipts/${orderId}/${crypto.randomUUID()}.${type.ext}`;
  await bucket.put(key, bytes, { httpMetadata: { contentType: type.contentType } });
  return key;
}

/** Deletes an image stored by putImage and its smaller copies (`widths` as stored, its own last). */
export async function deleteImage(bucket: R2Bucket, key: string, widths: number[]): Promise<void> {
  const id = key.slice(0, key.lastIndexOf('.'));
  await bucket.delete([key, ...widths.slice(0, -1).map((width) => `${id}-${width}w.webp`)]);
}
