import type { ProductDetail as Product, ProductVariant } from '@gi/contracts';
import {
  concentrationLabels,
  defaultVariant,
  foldNote,
  formatRupiah,
  formatSize,
  genderLabels,
  inStock,
  noteLayerLabels,
  noteLayers,
  priceNow,
  productBrowseParams,
  SOLD_OUT,
} from '@gi/contracts/web';
import { Link } from '@gi/platform';
import { Skeleton, SkeletonText } from '@gi/ui/states';
import { type ReactNode, useState } from 'react';
import { BackInStock } from '../back-in-stock/back-in-stock.tsx';
import { FavoriteButton } from '../favorites/favorite-button.tsx';
import { TrustMarks } from '../trust/trust-marks.tsx';
import styles from './product-detail.module.css';
import { ProductGallery } from './product-gallery.tsx';
import { SizePrice } from './sale-price.tsx';
import { availability, SetContents, SizePicker } from './size-picker.tsx';

/** product.md §2: three fixed benefits on every product. */
const benefits = ['Aroma tahan hingga 12 jam', 'Botol mewah dan elegan', 'Bahan premium pilihan'] as const;

interface ProductDetailProps {
  product: Product;
  /** The buy buttons for the chosen size, placed by the page (what a press does is the cart team's). */
  buy: (variant: ProductVariant) => ReactNode;
  /** Another way to reach the shop about the chosen size, under the buy bar (not in it: a phone's bar holds the buy buttons only). */
  ask?: (variant: ProductVariant) => ReactNode;
  /** The published reviews' average and count, under the name. */
  rating?: ReactNode;
}

export function ProductDetail({ product, buy, ask, rating }: ProductDetailProps) {
  // The first size in stock, until the shopper picks another; price, availability and the button follow it.
  const [chosenId, setChosenId] = useState(() => defaultVariant(product.variants)?.id);
  const chosen = product.variants.find((v) => v.id === chosenId) ?? defaultVariant(product.variants);
  // The chosen size's price now: a timed sale's while one is on (decision 046).
  const price = formatRupiah(chosen ? priceNow(chosen) : product.price);
  return (
    <article className={styles.detail} aria-labelledby="product-name">
      <ProductGallery images={product.images} name={product.name} />
      <div className={styles.info}>
        <h1 id="product-name" className={styles.name}>
          {product.name}
        </h1>
        <FavoriteButton productId={product.id} />
        {rating}
        <p className={styles.price}>{chosen ? <SizePrice size={chosen} /> : price}</p>
        {chosen && product.variants.length > 1 && (
          <SizePicker variants={product.variants} chosen={chosen} onChoose={(v) => setChosenId(v.id)} />
        )}
        <p className={`${styles.stock} ${chosen && inStock(chosen) ? '' : styles.soldOut}`}>
          {chosen ? `${formatSize(chosen.size_ml)} · ${availability(chosen)}` : SOLD_OUT}
        </p>
        {chosen?.contents && <SetContents contents={chosen.contents} />}
        {(product.concentration || product.gender) && (
          <p className={styles.facts}>
            {product.concentration && <span>{concentrationLabels[product.concentration]}</span>}
            {product.gender && <span>Untuk {genderLabels[product.gender]}</span>}
          </p>
        )}
        <p className={styles.description}>{product.description}</p>
        <ScentPyramid notes={product.notes} />
        <TrustMarks marks={product.trust_marks} />
        <h2 className={styles.benefitsTitle}>Keunggulan Produk</h2>
        <ul className={styles.benefits}>
          {benefits.map((benefit) => (
            <li key={benefit}>
              <span className={styles.icon} aria-hidden="true">
                ✓
              </span>
              {benefit}
            </li>
          ))}
        </ul>
        {/* On a phone the bar stays at the bottom of the screen: price and button without scrolling. */}
        {chosen && (
          <div className={styles.buy} ref={bottomBarRef}>
            <p className={styles.barPrice}>
              {price} <span>· {formatSize(chosen.size_ml)}</span>
            </p>
            <div className={styles.buyButtons}>{buy(chosen)}</div>
          </div>
        )}
        {chosen && <BackInStock productId={product.id} variant={chosen} />}
        {chosen && ask && <div className={styles.ask}>{ask(chosen)}</div>}
      </div>
    </article>
  );
}

/**
 * The CSS custom property on <html> that says how much of the screen's bottom a page's bar
 * covers: the shell's back-to-top button keeps above it (read there with a 0 px fallback).
 */
const BOTTOM_BAR_HEIGHT = '--gi-bottom-bar-height';

/**
 * The buy bar's ref: while a phone's CSS sticks it to the bottom of the screen, its height goes
 * into BOTTOM_BAR_HEIGHT, again at each change of its size (a turn of the phone into the wide
 * layout, where it is part of the page, counts 0); the property leaves with the bar.
 */
function bottomBarRef(bar: HTMLElement | null) {
  // Test DOMs have no ResizeObserver (browsers all do).
  if (!bar || typeof ResizeObserver === 'undefined') return;
  const root = bar.ownerDocument.documentElement;
  const observer = new ResizeObserver(() => {
    const stuck = getComputedStyle(bar).position === 'sticky';
    root.style.setProperty(BOTTOM_BAR_HEIGHT, `${stuck ? bar.offsetHeight : 0}px`);
  });
  observer.observe(bar);
  return () => {
    observer.disconnect();
    root.style.removeProperty(BOTTOM_BAR_HEIGHT);
  };
}

/** Top, heart and base notes; each note leads to the catalogue filtered by it. */
function ScentPyramid({ notes }: { notes: Product['notes'] }) {
  const layers = noteLayers.filter((layer) => notes[layer].length > 0);
  if (layers.length === 0) return null;
  return (
    <section aria-labelledby="notes-title">
      <h2 id="notes-title" className={styles.benefitsTitle}>
        Piramida Aroma
      </h2>
      <dl className={styles.notes}>
        {layers.map((layer) => (
          <div key={layer} className={styles.layer}>
            <dt>{noteLayerLabels[layer]}</dt>
            <dd>
              <ul className={styles.chips}>
                {notes[layer].map((note) => (
                  <li key={note}>
                    <Link
                      className={styles.chip}
                      to={`/products?${productBrowseParams({ q: '', note: foldNote(note), page: 1 })}`}
                    >
                      {note}
                    </Link>
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The detail's own layout in grey, so the page does not jump when the product arrives. */
export function ProductDetailSkeleton() {
  return (
    <div className={styles.detail} aria-hidden="true">
      <Skeleton className={styles.image} />
      <div className={styles.info}>
        <SkeletonText lines={1} className={styles.name} />
        <SkeletonText lines={1} className={styles.skeletonPrice} />
        <SkeletonText lines={4} />
        <Skeleton className={styles.skeletonButton} />
      </div>
    </div>
  );
}
