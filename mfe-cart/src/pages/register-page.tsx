import { type RegisterInput, registerSchema } from '@gi/contracts';
import { Link, Navigate, useNavigate, useSearchParams } from '@gi/platform';
import { errorMessage, useRegister, useSession } from '@gi/session';
import { Field, toast, useZodForm } from '@gi/ui';
import { mergeCart } from '../features/cart/cart-sync.ts';
import { MarketingConsentField } from '../features/marketing/consent.tsx';
import { keepGuestFavorites } from '../shared/guest-favorites.ts';
import { safeNext, withNext } from '../shared/next-path.ts';
import { useSecurityCheck } from '../shared/security-check.tsx';
import { AuthForm, NewPasswordFields, SubmitButton } from './auth-card.tsx';

/** /register and /customer/register (product.md §2): the new customer is signed in and returns to `next`. */
export default function RegisterPage() {
  const navigate = useNavigate();
  const { user, isLoading } = useSession();
  const register = useRegister();
  const { errors, setErrors, parse } = useZodForm(registerSchema);
  const next = safeNext(useSearchParams()[0].get('next'));
  // Always asked while the check is on (decision 036).
  const check = useSecurityCheck('register');

  if (!isLoading && user && !register.isPending && !register.isSuccess) return <Navigate to={next} replace />;

  function onValid(input: RegisterInput) {
    register.mutate(check.token ? { ...input, turnstileToken: check.token } : input, {
      // The token is spent, whatever the answer: a second try needs a new one.
      onSettled: check.spend,
      onSuccess: ({ user: created }) => {
        // A guest's cart becomes the new account's saved cart (decision 050).
        mergeCart(created.id).catch(() => undefined);
        // The favourites kept as a guest join the new account first (decision 048), then on. The
        // toast goes with the navigation, in one task: a toast left behind on this page is dismissed.
        // Back from where the shopper lands skips this form: they are signed in.
        void keepGuestFavorites().then(() => {
          toast({ title: 'Registrasi berhasil', description: `Selamat datang, ${created.name}!` });
          navigate(next, { replace: true });
        });
      },
      onError: (error) => {
        const message = errorMessage(error, 'Terjadi kesalahan saat registrasi');
        if (message === 'Email sudah terdaftar') setErrors({ email: message });
        toast({ title: 'Registrasi gagal', description: message, variant: 'destructive' });
      },
    });
  }

  return (
    <AuthForm
      id="register"
      title="Daftar Akun"
      parse={parse}
      onValid={onValid}
      links={
        <>
          <li>
            Sudah punya akun? <Link to={withNext('/customer/login', next)}>Masuk di sini</Link>
          </li>
          <li>
            <Link to="/">Kembali ke beranda</Link>
          </li>
        </>
      }
    >
      <Field label="Nama" name="name" autoComplete="name" error={errors.name} required />
      <Field label="Email" name="email" type="email" autoComplete="email" error={errors.email} required />
      <NewPasswordFields label="Password" errors={errors} />
      <MarketingConsentField />
      {check.widget}
      <SubmitButton
        pending={register.isPending}
        waiting={check.waiting}
        text="Daftar"
        pendingText="Mendaftar..."
      />
    </AuthForm>
  );
}
