import { newPasswordSchema } from '@gi/contracts';
import { useZodForm } from '@gi/ui';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { AuthForm, NewPasswordFields, SubmitButton } from './auth-card.tsx';

function NewPasswordCard({
  onValid,
  pending = false,
}: {
  onValid: (input: unknown) => void;
  pending?: boolean;
}) {
  const { errors, parse } = useZodForm(newPasswordSchema);
  return (
    <AuthForm id="reset" title="Buat Password Baru" parse={parse} onValid={onValid} links={<li>Tautan</li>}>
      <NewPasswordFields label="Password Baru" errors={errors} />
      <SubmitButton pending={pending} text="Simpan Password" pendingText="Menyimpan..." />
    </AuthForm>
  );
}

it('names the section by its title and lists the links under the form', () => {
  render(<NewPasswordCard onValid={vi.fn()} />);
  const section = screen.getByRole('region', { name: 'Buat Password Baru' });
  expect(section.querySelector('form ul li')?.textContent).toBe('Tautan');
});

it('passes on only a valid input, after showing the field errors of an invalid one', async () => {
  const onValid = vi.fn();
  render(<NewPasswordCard onValid={onValid} />);
  await userEvent.type(screen.getByLabelText('Password Baru'), 'baru123');
  await userEvent.type(screen.getByLabelText('Konfirmasi Password'), 'baru124');
  await userEvent.click(screen.getByRole('button', { name: 'Simpan Password' }));
  expect(screen.getByText('Password tidak sama')).toBeTruthy();
  expect(onValid).not.toHaveBeenCalled();
  await userEvent.clear(screen.getByLabelText('Konfirmasi Password'));
  await userEvent.type(screen.getByLabelText('Konfirmasi Password'), 'baru123');
  await userEvent.click(screen.getByRole('button', { name: 'Simpan Password' }));
  expect(onValid).toHaveBeenCalledWith({ password: 'baru123', confirmPassword: 'baru123' });
});

it('disables the submit button and says so while the request runs', () => {
  render(<NewPasswordCard onValid={vi.fn()} pending />);
  const button = screen.getByRole('button', { name: 'Menyimpan...' }) as HTMLButtonElement;
  expect(button.disabled).toBe(true);
});
