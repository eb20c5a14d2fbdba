import { Link, useNavigate } from '@gi/platform';
import { useSession, useSignOut } from '@gi/session';
import { buttonClass } from '@gi/ui';
import { useEffect, useRef, useState } from 'react';
import { AdminGuard } from '../features/auth/admin-guard.tsx';
import { PendingReviewsBadge } from '../features/reviews/pending-badge.tsx';
import {
  type MenuSection,
  menuParent,
  menuSections,
  sectionAllowed,
  sectionSearch,
  sectionTitle,
  useAdminNav,
} from '../shared/admin-nav.ts';
import { useCan } from '../shared/permissions.ts';
import styles from './admin-page.module.css';
import { SectionView } from './admin-sections.tsx';

function AdminDashboard() {
  const { user } = useSession();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const { section, id } = useAdminNav();
  const can = useCan();
  const [menuOpen, setMenuOpen] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const current = menuParent(section);
  const view = `${section}:${id}`;
  const shownView = useRef(view);

  // A new view moves focus to its heading, as a page change would; the first one does not steal it.
  useEffect(() => {
    if (shownView.current === view) return;
    shownView.current = view;
    headingRef.current?.focus();
  }, [view]);

  function goTo(target: MenuSection) {
    navigate({ search: sectionSearch(target) });
  }

  function logout() {
    signOut.mutate(undefined, { onSettled: () => navigate('/login', { replace: true }) });
  }

  return (
    <div className={styles.admin}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>Dasbor Admin</h1>
          <p className={styles.welcome}>
            Selamat datang, <strong>{user?.name || user?.email || 'Admin'}</strong>
          </p>
        </div>
        <button type="button" className={buttonClass.secondary} onClick={logout} disabled={signOut.isPending}>
          Logout
        </button>
      </header>

      <div className={styles.body}>
        <nav className={styles.nav} aria-label="Menu admin">
          <button
            type="button"
            className={styles.menuToggle}
            aria-expanded={menuOpen}
            aria-controls="admin-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            Menu: {sectionTitle(current)}
          </button>
          <ul id="admin-menu" className={`${styles.menu} ${menuOpen ? styles.menuOpen : ''}`}>
            {menuSections
              .filter((item) => sectionAllowed(item.id, can))
              .map((item) => (
                <li key={item.id}>
                  <Link
                    to={{ search: sectionSearch(item.id) }}
                    aria-current={item.id === current ? 'page' : undefined}
                    onClick={() => setMenuOpen(false)}
                  >
                    {item.label}
                    {item.id === 'reviews' && <PendingReviewsBadge />}
                  </Link>
                </li>
              ))}
          </ul>
        </nav>

        <section className={styles.content} aria-labelledby="admin-section-title">
          <h2 id="admin-section-title" ref={headingRef} tabIndex={-1} className={styles.sectionTitle}>
            {sectionTitle(section)}
          </h2>
          {sectionAllowed(section, can) ? (
            <SectionView key={view} section={section} id={id} goTo={goTo} />
          ) : (
            <p role="alert" className={styles.noAccess}>
              Anda tidak memiliki akses ke bagian ini. Peran Anda tidak mencakupnya; hubungi pemilik toko bila
              Anda memerlukannya.
            </p>
          )}
        </section>
      </div>
    </div>
  );
}

/** /admin (product.md §2): the staff only, each role its own sections (decision 052); the section lives in `?section=` so back and reload keep it. */
export default function AdminPage() {
  return (
    <AdminGuard>
      <AdminDashboard />
    </AdminGuard>
  );
}
