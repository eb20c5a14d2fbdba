import { newPasswordSchema } from '@gi/contracts';
import { api } from '@gi/contracts/api';
import { Link, useMutation, useNavigate, useSearchParams } from '@gi/platform';
import { errorMessage } from '@gi/session';
import { toast, toastError, useZodForm } from '@gi/ui';
import { AuthForm, AuthLead, NewPasswordFields, SubmitButton } from './auth-card.tsx';

/** /reset-password?token=…: the page the emailed reset link opens. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const { errors, parse } = useZodForm(newPasswordSchema);
  const reset = useMutation({
    mutationFn: (password: string) => api('POST /auth/password/reset', { body: { token, password } }),
    onSuccess: ({ message }) => {
      toast({ title: 'Password diperbarui', description: message });
      navigate('/customer/login');
    },
    onError: (error) => toastError(errorMessage(error, 'Gagal memperbarui password. Silakan coba lagi.')),
  });

  return (
    <AuthForm
      id="reset"
      title="Buat Password Baru"
      parse={parse}
      onValid={(input) => reset.mutate(input.password)}
      links={
        <li>
          <Link to="/forgot-password">Minta tautan baru</Link>
        </li>
      }
    >
      {token ? (
        <>
          <NewPasswordFields label="Password Baru" errors={errors} />
          <SubmitButton pending={reset.isPending} text="Simpan Password" pendingText="Menyimpan..." />
        </>
      ) : (
        <AuthLead>Tautan tidak lengkap. Minta tautan baru dari halaman lupa password.</AuthLead>
      )}
    </AuthForm>
  );
}
