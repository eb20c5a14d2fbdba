import { DETAIL_IMAGE_SIZES, type ProductImage } from '@gi/contracts/web';
import { useRef, useState } from 'react';
import { ShopImage } from '../../shared/shop-image.tsx';
import styles from './product-gallery.module.css';

interface ProductGalleryProps {
  images: ProductImage[];
  name: string;
}

/**
 * The product's photos, cover first: a row that swipes and snaps one photo at a
 * time with CSS alone (so it works before and without JavaScript), and thumbnails
 * that bring a photo into view. The square frame is sized before any photo arrives.
 */
export function ProductGallery({ images, name }: ProductGalleryProps) {
  const track = useRef<HTMLUListElement>(null);
  const [active, setActive] = useState(0);
  const count = images.length;
  const label = (i: number) => `Foto ${i + 1} dari ${count}`;
  const show = (i: number) => {
    const el = track.current;
    // Smooth unless the shopper asked for reduced motion (the track's CSS scroll-behavior).
    el?.scrollTo({ left: i * el.clientWidth });
  };
  const onScroll = () => {
    const el = track.current;
    if (el && el.clientWidth > 0) setActive(Math.round(el.scrollLeft / el.clientWidth));
  };

  return (
    <div className={styles.gallery}>
      <ul
        ref={track}
        className={styles.track}
        onScroll={onScroll}
        aria-label={`Foto ${name}`}
        // Focusable so the arrow keys scroll it; a single photo needs no stop.
        tabIndex={count > 1 ? 0 : undefined}
      >
        {images.map((image, i) => (
          <li key={image.url} className={styles.slide} aria-label={count > 1 ? label(i) : undefined}>
            <ShopImage
              src={image.url}
              widths={image.widths}
              sizes={DETAIL_IMAGE_SIZES}
              alt={i === 0 ? name : `${name}, ${label(i).toLowerCase()}`}
              width={600}
              height={600}
              className={styles.photo}
              priority={i === 0}
            />
          </li>
        ))}
      </ul>
      {count > 1 && (
        <div className={styles.thumbs}>
          {images.map((image, i) => (
            <button
              key={image.url}
              type="button"
              className={styles.thumb}
              aria-label={`Lihat ${label(i).toLowerCase()}`}
              aria-current={i === active ? 'true' : undefined}
              onClick={() => show(i)}
            >
              <ShopImage
                src={image.url}
                widths={image.widths}
                sizes="4rem"
                alt=""
                width={64}
                height={64}
                className={styles.thumbPhoto}
              />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
