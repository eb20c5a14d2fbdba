import { buttonClass } from '@gi/ui';
import section from './section.module.css';

interface StepPagerProps {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}

/**
 * '← Sebelumnya' / 'Berikutnya →' for a small list inside a panel (low stock, a size's stock
 * history), whose page lives in the panel, not the URL; nothing when one page holds it all.
 */
export function StepPager({ page, pageSize, total, onPage }: StepPagerProps) {
  if (total <= pageSize) return null;
  return (
    <div className={section.buttons}>
      <button
        type="button"
        className={buttonClass.secondary}
        disabled={page === 1}
        onClick={() => onPage(page - 1)}
      >
        ← Sebelumnya
      </button>
      <button
        type="button"
        className={buttonClass.secondary}
        disabled={page * pageSize >= total}
        onClick={() => onPage(page + 1)}
      >
        Berikutnya →
      </button>
    </div>
  );
}
