import { useState } from 'react';
import { Link, NavLink } from 'react-router';
import styles from './layout.module.css';

const links = [
  { to: '/', label: 'Beranda' },
  { to: '/about', label: 'Tentang' },
  { to: '/products', label: 'Produk' },
  { to: '/collections', label: 'Koleksi' },
  { to: '/contact', label: 'Kontak' },
];

export function Navbar() {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <header className={styles.navbar}>
      <nav className={styles.nav} aria-label="Navigasi utama">
        <Link to="/" className={styles.brand} onClick={close}>
          Global Imperium
        </Link>
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
        <ul id="menu-utama" className={`${styles.links} ${open ? styles.linksOpen : ''}`}>
          {links.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end={link.to === '/'} onClick={close}>
                {link.label}
              </NavLink>
            </li>
          ))}
          <li>
            <NavLink to="/cart" onClick={close}>
              Keranjang
            </NavLink>
          </li>
          <li>
            <NavLink to="/customer/login" onClick={close}>
              Login
            </NavLink>
          </li>
        </ul>
      </nav>
    </header>
  );
}
