import { Link, NavLink, useLocation, useNavigate } from '@gi/platform';
import { useSession, useSignOut } from '@gi/session';
import { useState } from 'react';
import { CartLink } from './cart-link.tsx';
import styles from './layout.module.css';
import { useScrollPast } from './use-scroll-past.ts';

const links = [
  { to: '/', label: 'Beranda' },
  { to: '/about', label: 'Tentang' },
  { to: '/products', label: 'Produk' },
  { to: '/collections', label: 'Koleksi' },
  { to: '/favorit', label: 'Favorit' },
  { to: '/contact', label: 'Kontak' },
];

/** product.md §2: the bar turns solid white after 50 px of scroll. */
const SOLID_AFTER_PX = 50;

export function Navbar() {
  const [open, setOpen] = useState(false);
  const scrolled = useScrollPast(SOLID_AFTER_PX);
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const { user, isAdmin } = useSession();
  const signOut = useSignOut();
  const close = () => setOpen(false);
  // Over the home hero the bar starts transparent; elsewhere and once scrolled it is solid.
  const solid = scrolled || open || pathname !== '/';
  const displayName = user?.name || user?.email;

  return (
    <header className={`${styles.navbar} ${solid ? styles.solid : styles.transparent}`} data-solid={solid}>
      <nav className={styles.nav} aria-label="Navigasi utama">
        <Link to="/" className={styles.brand} onClick={close}>
          Global Imperium
        </Link>
        <div className={styles.navEnd}>
          <CartLink onClick={close} />
          <button
            type="button"
            className={styles.menuToggle}
            aria-expanded={open}
            aria-controls="menu-utama"
            aria-label={open ? 'Tutup menu' : 'Buka menu'}
            onClick={() => setOpen((v) => !v)}
          >
            <span aria-hidden="true">{open ? '✕' : '☰'}</span>
          </button>
        </div>
        <ul id="menu-utama" className={`${styles.links} ${open ? styles.linksOpen : ''}`}>
          {links.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end={link.to === '/'} onClick={close}>
                {link.label}
              </NavLink>
            </li>
          ))}
          {isAdmin && (
            <li>
              <NavLink to="/admin" onClick={close}>
                Admin Dashboard
              </NavLink>
            </li>
          )}
          {user ? (
            <>
              <li>
                <Link to={isAdmin ? '/admin' : '/account'} className={styles.userName} onClick={close}>
                  {displayName}
                </Link>
              </li>
              <li>
                <button
                  type="button"
                  className={styles.logout}
                  disabled={signOut.isPending}
                  onClick={() =>
                    signOut.mutate(undefined, {
                      onSettled: () => {
                        close();
                        navigate('/');
                      },
                    })
                  }
                >
                  Logout
                </button>
              </li>
            </>
          ) : (
            <li>
              {/* Back here after signing in (the login page accepts only the shop's own paths). */}
              <NavLink
                to={
                  pathname === '/'
                    ? '/customer/login'
                    : `/customer/login?next=${encodeURIComponent(pathname + search)}`
                }
                onClick={close}
              >
                Login
              </NavLink>
            </li>
          )}
        </ul>
      </nav>
    </header>
  );
}
