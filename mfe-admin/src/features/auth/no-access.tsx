import { Link } from '@gi/platform';
import { buttonClass } from '@gi/ui';
import styles from './no-access.module.css';

/** The API's own words for a signed-in user without a staff role, or a role without the permission (403). */
export const NO_ACCESS = 'Anda tidak memiliki akses ke halaman ini';

/** Shown to a signed-in customer on an admin page instead of its content. */
export function NoAccess() {
  return (
    <section className={styles.wrap} aria-labelledby="no-access-title">
      <div className={styles.card}>
        <h1 id="no-access-title">Akses Ditolak</h1>
        <p>{NO_ACCESS}. Halaman ini hanya untuk staf toko.</p>
        <div className={styles.links}>
          <Link to="/admin/login" className={buttonClass.primary}>
            Login sebagai admin
          </Link>
          <Link to="/" className={buttonClass.secondary}>
            Kembali ke Beranda
          </Link>
        </div>
      </div>
    </section>
  );
}
