import { Outlet, useLocation } from '@gi/platform';
import { Toaster } from '../toasts/toaster.tsx';
import { Footer } from './footer.tsx';
import styles from './layout.module.css';
import { Navbar } from './navbar.tsx';
import { ScrollToTop } from './scroll-to-top.tsx';
import { useScrollRestoration } from './use-scroll-restoration.ts';

export function Layout() {
  const { pathname } = useLocation();
  useScrollRestoration();
  return (
    <div className={styles.page}>
      <a href="#main" className={styles.skip}>
        Langsung ke konten
      </a>
      <Navbar />
      {/* The home hero runs under the transparent bar; other pages start below it. */}
      <main id="main" className={`${styles.main} ${pathname === '/' ? '' : styles.belowNav}`}>
        <Outlet />
        <ScrollToTop />
      </main>
      <Footer />
      <Toaster />
    </div>
  );
}
