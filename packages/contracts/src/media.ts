// Product photos in several widths, and how a scent note is matched (decision 017).
// Zod-free: the storefront's first page view and the Worker's page preloads read these;
// the scent vocabulary's labels are in scent.ts, so they load only with the pages that show them.

/**
 * Smaller copies made of every uploaded or seeded photo (the photo itself, at most
 * 1600 px, is the largest width). 320 fills a card of a 360 px phone at 2x, 720 the
 * product page's photo there; a wide screen takes the original.
 */
export const IMAGE_WIDTHS = [320, 720] as const;

/** A photo and the widths it is stored in, ascending; the last is the file at `url` itself. */
export interface ProductImage {
  url: string;
  /** Empty when unknown (a photo stored before decision 017, an external URL): no srcset then. */
  widths: number[];
}

/** Most photos one product may have. */
export const MAX_PRODUCT_IMAGES = 12;

/** Where the copy `width` px wide of an own photo is stored: `/images/<key>-<width>w.webp`. */
export function imageWidthUrl(url: string, width: number): string {
  return url.replace(/\.[a-z]+$/, `-${width}w.webp`);
}

/** The `srcset` of a photo, or undefined when only the one file is known. */
export function imageSrcSet({ url, widths }: ProductImage): string | undefined {
  if (widths.length < 2) return undefined;
  const last = widths.length - 1;
  return widths.map((w, i) => `${i === last ? url : imageWidthUrl(url, w)} ${w}w`).join(', ');
}

/** '320,720,1200' as the database keeps widths → [320, 720, 1200]. */
export const parseWidths = (text: string): number[] =>
  text ? text.split(',').map(Number).filter(Number.isInteger) : [];

/**
 * How wide each place shows a photo (the `sizes` attribute), matching its CSS: a
 * catalogue card is half a phone's width (two columns below 40rem), at most ~22rem
 * beside others; the home page's few cards fill a phone's width less the page's 1rem
 * sides. The product page's photo: DETAIL_IMAGE_SIZES (product-page.ts).
 */
export const imageSizes = {
  card: '(min-width: 40rem) 22rem, 50vw',
  featured: '(min-width: 48rem) 24rem, calc(100vw - 2rem)',
} as const;

export const NOTE_MAX_LENGTH = 40;
/** Most notes in one layer of the pyramid. */
export const MAX_LAYER_NOTES = 8;
