import { Outlet } from 'react-router';
import { Footer } from './footer.tsx';
import styles from './layout.module.css';
import { Navbar } from './navbar.tsx';

export function Layout() {
  return (
    <div className={styles.page}>
      <Navbar />
      <main id="main" className={styles.main}>
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
