import { imageSrcSet } from '@gi/contracts/web';
import { useState } from 'react';
import styles from './shop-image.module.css';

interface ShopImageProps {
  /** null (no picture set) shows the placeholder look. */
  src: string | null;
  alt: string;
  /** Intrinsic size, so the browser reserves the space before the file arrives. */
  width: number;
  height: number;
  className?: string;
  /** Above the fold: load at once and early; everything else waits until near the viewport. */
  priority?: boolean;
  /** The widths `src` is stored in (ProductImage.widths): with `sizes`, the browser picks the one the layout needs. */
  widths?: number[];
  /** How wide the layout shows the image (one of imageSizes). */
  sizes?: string;
}

/** An image that never shows as broken: a missing or failing file becomes a gradient panel. */
export function ShopImage({
  src,
  alt,
  width,
  height,
  className = '',
  priority = false,
  widths = [],
  sizes,
}: ShopImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) {
    return alt ? (
      <span role="img" aria-label={alt} className={`${styles.placeholder} ${className}`} />
    ) : (
      <span aria-hidden="true" className={`${styles.placeholder} ${className}`} />
    );
  }
  return (
    <img
      src={src}
      // Without sizes the browser would take the srcset as full width: only with them.
      srcSet={sizes && imageSrcSet({ url: src, widths })}
      sizes={sizes}
      alt={alt}
      width={width}
      height={height}
      className={className}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      onError={() => setFailedSrc(src)}
    />
  );
}
