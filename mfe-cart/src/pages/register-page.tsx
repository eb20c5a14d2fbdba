import { type RegisterInput, registerSchema } from '@gi/contracts';
import { Link, Navigate, useNavigate } from '@gi/platform';
import { errorMessage, useRegister, useSession } from '@gi/session';
import { Field, toast, useZodForm } from '@gi/ui';
import { AuthForm, NewPasswordFields, SubmitButton } from './auth-card.tsx';

/** /register and /customer/register (product.md §2). */
export default function RegisterPage() {
  const navigate = useNavigate();
  const { user, isLoading } = useSession();
  const register = useRegister();
  const { errors, setErrors, parse } = useZodForm(registerSchema);

  if (!isLoading && user) return <Navigate to="/" replace />;

  function onValid(input: RegisterInput) {
    register.mutate(input, {
      onSuccess: () => {
        toast({ title: 'Registrasi berhasil', description: 'Silakan login dengan akun baru Anda.' });
        navigate('/customer/login');
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
            Sudah punya akun? <Link to="/customer/login">Masuk di sini</Link>
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
      <SubmitButton pending={register.isPending} text="Daftar" pendingText="Mendaftar..." />
    </AuthForm>
  );
}
