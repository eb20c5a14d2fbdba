import { type EmailChangeOutcome, emailChangeOutcomes } from '@gi/contracts';
import { Link, useSearchParams } from '@gi/platform';
import { useSession } from '@gi/session';
import { buttonClass } from '@gi/ui';
import card from '../features/account/account.module.css';
import { EmailForm, PasswordForm, ProfileForm } from '../features/account/account-forms.tsx';
import { AddressBook } from '../features/account/address-book.tsx';
import { SampleCredits } from '../features/account/sample-credits.tsx';
import { SavedMarketingConsent } from '../features/marketing/consent.tsx';
import { LatestOrders } from '../features/orders/latest-orders.tsx';
import { withNext } from '../shared/next-path.ts';
import styles from './account-page.module.css';
import page from './order-page.module.css';

const isOutcome = (value: string | null): value is EmailChangeOutcome =>
  value !== null && Object.hasOwn(emailChangeOutcomes, value);

/** What the email-change link did (`?email=`, set by the API's redirect), said on arrival. */
function EmailChangeNotice() {
  const outcome = useSearchParams()[0].get('email');
  if (!isOutcome(outcome)) return null;
  return (
    <p className={styles.notice} role={outcome === 'dikonfirmasi' ? 'status' : 'alert'}>
      {emailChangeOutcomes[outcome]}
    </p>
  );
}

/**
 * /account: the signed-in customer's orders, profile, email, password, address book
 * (decision 028) and consent to marketing email (decision 050). Signed out, it asks to sign in and comes back here afterwards.
 */
export default function AccountPage() {
  const { user, isLoading } = useSession();

  return (
    <section className={styles.page} aria-labelledby="account-title">
      <h1 id="account-title" className={styles.title}>
        Akun Saya
      </h1>
      <EmailChangeNotice />
      {isLoading ? (
        <p className={page.muted} role="status">
          Memuat akun...
        </p>
      ) : user ? (
        <>
          <LatestOrders title="Pesanan Saya" />
          <SampleCredits />
          <ProfileForm user={user} />
          <EmailForm user={user} />
          <PasswordForm />
          <AddressBook name={user.name} />
          <section className={card.card} aria-labelledby="marketing-title">
            <h2 id="marketing-title">Email Pemasaran</h2>
            <SavedMarketingConsent states />
          </section>
        </>
      ) : (
        <div className={page.state}>
          <p>Masuk ke akun Anda untuk melihat pesanan, profil dan buku alamat.</p>
          <Link to={withNext('/login', '/account')} className={buttonClass.primary}>
            Login
          </Link>
        </div>
      )}
    </section>
  );
}
