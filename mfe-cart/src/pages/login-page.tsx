import { customerLoginSchema, type LoginInput } from '@gi/contracts';
import { Link, Navigate, useNavigate, useSearchParams } from '@gi/platform';
import { errorMessage, useSession, useSignIn } from '@gi/session';
import { Field, toast, useZodForm } from '@gi/ui';
import { mergeCart } from '../features/cart/cart-sync.ts';
import { keepGuestFavorites } from '../shared/guest-favorites.ts';
import { safeNext, withNext } from '../shared/next-path.ts';
import { AuthForm, AuthLead, SubmitButton } from './auth-card.tsx';

/**
 * /login and /customer/login (product.md §2): the same customer sign-in screen. It offers no
 * admin sign-in: the admin has /admin/login (issue 29).
 */
export default function LoginPage() {
  const navigate = useNavigate();
  const { user, isLoading } = useSession();
  const signIn = useSignIn();
  const { errors, parse } = useZodForm(customerLoginSchema);
  const next = safeNext(useSearchParams()[0].get('next'));

  if (!isLoading && user && !signIn.isPending && !signIn.isSuccess) return <Navigate to={next} replace />;

  function onValid(input: LoginInput) {
    signIn.mutate(input, {
      onSuccess: ({ user }) => {
        // This device's cart and the account's saved one, merged (decision 050).
        mergeCart(user.id).catch(() => undefined);
        // The favourites kept as a guest join the account first (decision 048), then on. The toast
        // goes with the navigation, in one task: a toast left behind on this page is dismissed.
        // Back from where the shopper lands skips this form: they are signed in.
        void keepGuestFavorites().then(() => {
          toast({ title: 'Login berhasil', description: 'Selamat datang kembali!' });
          navigate(next, { replace: true });
        });
      },
      onError: (error) =>
        toast({
          title: 'Login gagal',
          description: errorMessage(error, 'Email atau password salah'),
          variant: 'destructive',
        }),
    });
  }

  return (
    <AuthForm
      id="login"
      title="Masuk"
      parse={parse}
      onValid={onValid}
      links={
        <>
          <li>
            Belum punya akun? <Link to={withNext('/customer/register', next)}>Daftar di sini</Link>
          </li>
          <li>
            <Link to="/forgot-password">Lupa password?</Link>
          </li>
          <li>
            <Link to="/">Kembali ke beranda</Link>
          </li>
        </>
      }
    >
      <AuthLead>Masuk untuk checkout dan melihat pesanan Anda.</AuthLead>
      <Field label="Email" name="email" type="email" autoComplete="email" error={errors.email} required />
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        error={errors.password}
        required
      />
      <SubmitButton pending={signIn.isPending} text="Masuk" pendingText="Masuk..." />
    </AuthForm>
  );
}
