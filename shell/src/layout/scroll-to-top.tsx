import styles from './layout.module.css';
import { useScrollPast } from './use-scroll-past.ts';

/** product.md §2: appears after 300 px of scroll. */
const SHOW_AFTER_PX = 300;

/**
 * Sits at the end of <main>: sticky, it floats at the bottom of the screen and
 * stops above the footer instead of covering its links; above a page's bar stuck to the
 * screen's bottom too (the product page's buy bar on a phone, which sets
 * `--gi-bottom-bar-height`), instead of covering its buttons and price.
 */
export function ScrollToTop() {
  const visible = useScrollPast(SHOW_AFTER_PX);
  if (!visible) return null;
  return (
    <div className={styles.scrollTopDock}>
      <button
        type="button"
        className={styles.scrollTop}
        aria-label="Kembali ke atas"
        onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
      >
        <span aria-hidden="true">↑</span>
      </button>
    </div>
  );
}
