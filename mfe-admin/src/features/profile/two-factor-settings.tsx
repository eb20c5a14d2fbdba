import { twoFactorDisableSchema, twoFactorEnableSchema } from '@gi/contracts';
import { useQuery } from '@gi/platform';
import { buttonClass, Field, toast, useZodForm } from '@gi/ui';
import { ErrorState, LoadingState } from '@gi/ui/states';
import { type FormEvent, type ReactNode, useState } from 'react';
import { showRefusal } from '../../shared/save-form.ts';
import section from '../../shared/section.module.css';
import {
  twoFactorQuery,
  useDisableTwoFactor,
  useEnableTwoFactor,
  useRefreshTwoFactor,
  useRenewRecoveryCodes,
  useStartTwoFactor,
} from './api.ts';
import { QrCode } from './qr-code.tsx';
import styles from './two-factor.module.css';

const TITLE = 'Verifikasi Dua Langkah';

/**
 * Two-factor sign-in in the admin's profile (decision 053): set up with any authenticator app
 * (a QR code, or the key typed in), confirmed by one of its codes; the recovery codes shown once;
 * new ones made, or two-factor turned off, with the password and a code.
 */
export function TwoFactorSettings() {
  const status = useQuery(twoFactorQuery);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const refresh = useRefreshTwoFactor();

  let body: ReactNode;
  if (recoveryCodes)
    body = (
      <RecoveryCodes
        codes={recoveryCodes}
        onDone={() => {
          setRecoveryCodes(null);
          void refresh();
        }}
      />
    );
  else if (status.isPending) body = <LoadingState>Memuat status verifikasi dua langkah...</LoadingState>;
  else if (status.isError)
    body = (
      <ErrorState
        message="Status verifikasi dua langkah tidak dapat dimuat."
        onRetry={() => status.refetch()}
      />
    );
  else if (status.data.enabled)
    body = <Enabled left={status.data.recoveryCodesLeft} onRenewed={setRecoveryCodes} />;
  else body = <SetUp required={status.data.required} onEnabled={setRecoveryCodes} />;

  return (
    <section className={`${section.form} ${section.card}`} aria-labelledby="two-factor-title">
      <h2 id="two-factor-title" className={section.subheading}>
        {TITLE}
      </h2>
      {body}
    </section>
  );
}

function SetUp({ required, onEnabled }: { required: boolean; onEnabled: (codes: string[]) => void }) {
  const start = useStartTwoFactor();
  const enable = useEnableTwoFactor();
  const { errors, setErrors, parse } = useZodForm(twoFactorEnableSchema);
  const secret = start.data;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = parse(event.currentTarget);
    if (!input || enable.isPending) return;
    enable.mutate(input.code, {
      onSuccess: ({ recoveryCodes }) => {
        toast({
          title: 'Verifikasi dua langkah aktif',
          description: 'Login berikutnya meminta kode dari aplikasi.',
        });
        onEnabled(recoveryCodes);
      },
      onError: showRefusal(setErrors, 'Gagal mengaktifkan'),
    });
  }

  return (
    <>
      {required && (
        <p className={section.note} role="alert">
          Akun Anda wajib memakai verifikasi dua langkah. Pasang sekarang untuk membuka dasbor.
        </p>
      )}
      <p>
        Belum aktif. Setelah dipasang, login meminta password dan kode 6 angka dari aplikasi autentikator di
        ponsel Anda (Google Authenticator, Microsoft Authenticator, Authy, atau sejenisnya).
      </p>
      {!secret ? (
        <div className={section.buttons}>
          <button
            type="button"
            className={buttonClass.primary}
            disabled={start.isPending}
            onClick={() =>
              start.mutate(undefined, { onError: showRefusal(setErrors, 'Gagal memulai pemasangan') })
            }
          >
            {start.isPending ? 'Menyiapkan...' : 'Pasang Verifikasi Dua Langkah'}
          </button>
        </div>
      ) : (
        <form className={section.form} onSubmit={onSubmit} noValidate>
          <p>1. Pindai kode QR ini dengan aplikasi autentikator:</p>
          <QrCode text={secret.uri} label="Kode QR untuk aplikasi autentikator" />
          <p>
            Tidak bisa memindai? Masukkan kunci ini di aplikasi (berbasis waktu):{' '}
            <code className={styles.secret} data-testid="two-factor-secret">
              {secret.secret}
            </code>
          </p>
          <p>2. Masukkan kode 6 angka yang tampil di aplikasi:</p>
          <Field
            label="Kode Verifikasi"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            error={errors.code}
            required
          />
          <div className={section.buttons}>
            <button type="submit" className={buttonClass.primary} disabled={enable.isPending}>
              {enable.isPending ? 'Memeriksa...' : 'Aktifkan'}
            </button>
          </div>
        </form>
      )}
    </>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <>
      <p className={section.note} role="status">
        Simpan kode pemulihan ini di tempat aman (cetak atau tulis). Masing-masing dapat dipakai sekali untuk
        login bila ponsel Anda hilang. Kode ini tidak akan ditampilkan lagi.
      </p>
      <ul className={styles.codes} aria-label="Kode pemulihan">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className={section.buttons}>
        <button type="button" className={buttonClass.primary} onClick={onDone}>
          Saya Sudah Menyimpannya
        </button>
      </div>
    </>
  );
}

/** The password and a code (the app's, or a recovery code), as both forms of an enabled account ask. */
function ConfirmFields({ errors }: { errors: Record<string, string> }) {
  return (
    <>
      <Field
        label="Password Saat Ini"
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        error={errors.currentPassword}
        required
      />
      <Field
        label="Kode Verifikasi"
        name="code"
        autoComplete="one-time-code"
        hint="Kode 6 angka dari aplikasi, atau salah satu kode pemulihan."
        error={errors.code}
        required
      />
    </>
  );
}

/** Two-factor on: turning it off, or 'Buat Kode Pemulihan Baru' in its place when asked for. */
function Enabled({ left, onRenewed }: { left: number; onRenewed: (codes: string[]) => void }) {
  const [renewing, setRenewing] = useState(false);
  if (renewing) return <RenewCodes onRenewed={onRenewed} onCancel={() => setRenewing(false)} />;
  return (
    <>
      <TurnOff left={left} />
      <div className={section.buttons}>
        <button type="button" className={buttonClass.secondary} onClick={() => setRenewing(true)}>
          Buat Kode Pemulihan Baru
        </button>
      </div>
    </>
  );
}

/**
 * New recovery codes (it asks the password and a code again): the old codes end and the new ones
 * are shown once, as at setup.
 */
function RenewCodes({ onRenewed, onCancel }: { onRenewed: (codes: string[]) => void; onCancel: () => void }) {
  const renew = useRenewRecoveryCodes();
  const { errors, setErrors, parse } = useZodForm(twoFactorDisableSchema);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = parse(event.currentTarget);
    if (!input || renew.isPending) return;
    renew.mutate(input, {
      onSuccess: ({ recoveryCodes }) => {
        toast({
          title: 'Kode pemulihan baru dibuat',
          description: 'Kode pemulihan lama tidak berlaku lagi.',
        });
        onRenewed(recoveryCodes);
      },
      onError: showRefusal(setErrors, 'Gagal membuat kode pemulihan'),
    });
  }

  return (
    <form className={section.form} onSubmit={onSubmit} noValidate aria-labelledby="renew-codes-title">
      <h3 id="renew-codes-title" className={section.subheading}>
        Kode Pemulihan Baru
      </h3>
      <p>
        Kode pemulihan lama (terpakai atau belum) tidak berlaku lagi; sepuluh kode baru ditampilkan sekali.
        Masukkan password dan kode dari aplikasi untuk melanjutkan.
      </p>
      <ConfirmFields errors={errors} />
      <div className={section.buttons}>
        <button type="submit" className={buttonClass.primary} disabled={renew.isPending}>
          {renew.isPending ? 'Membuat...' : 'Buat Kode Baru'}
        </button>
        <button type="button" className={buttonClass.secondary} onClick={onCancel}>
          Batal
        </button>
      </div>
    </form>
  );
}

function TurnOff({ left }: { left: number }) {
  const disable = useDisableTwoFactor();
  const { errors, setErrors, parse } = useZodForm(twoFactorDisableSchema);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = parse(event.currentTarget);
    if (!input || disable.isPending) return;
    disable.mutate(input, {
      onSuccess: () =>
        toast({
          title: 'Verifikasi dua langkah dimatikan',
          description: 'Login kini cukup dengan password.',
        }),
      onError: showRefusal(setErrors, 'Gagal mematikan'),
    });
  }

  return (
    <form className={section.form} onSubmit={onSubmit} noValidate>
      <p role="status">
        Aktif. Sisa kode pemulihan: <strong>{left}</strong>.
      </p>
      <p>Untuk mematikannya (misalnya saat berganti ponsel), masukkan password dan kode dari aplikasi.</p>
      <ConfirmFields errors={errors} />
      <div className={section.buttons}>
        <button type="submit" className={buttonClass.secondary} disabled={disable.isPending}>
          {disable.isPending ? 'Memproses...' : 'Matikan Verifikasi Dua Langkah'}
        </button>
      </div>
    </form>
  );
}
