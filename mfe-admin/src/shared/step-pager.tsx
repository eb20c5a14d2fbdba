import { buttonClass } from '@gi/ui';
import section from './section.module.css';

interface StepPagerProps {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  /** The pager's name for a screen reader ('Halaman pesanan pelanggan'): a landmark then. */
  label?: string;
}

/**
 * '← Sebelumnya' / 'Halaman x dari y' / 'Berikutnya →' for a small list inside a panel (low stock,
 * a size's stock history, a customer's orders, the collection's product picker), whose page lives
 * in the panel, not the URL; nothing when one page holds it all.
 */
export function StepPager({ page, pageSize, total, onPage, label }: StepPagerProps) {
  if (total <= pageSize) return null;
  const pages = Math.ceil(total / pageSize);
  const Frame = label ? 'nav' : 'div';
  return (
    <Frame aria-label={label} className={`${section.buttons} ${section.steps}`}>
      <button
        type="button"
        className={buttonClass.secondary}
        disabled={page === 1}
        onClick={() => onPage(page - 1)}
      >
        ← Sebelumnya
      </button>
      <span>
        Halaman {page} dari {pages}
      </span>
      <button
        type="button"
        className={buttonClass.secondary}
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Berikutnya →
      </button>
    </Frame>
  );
}
