import { ApiError } from '@gi/contracts/client';
import { buttonClass, toast } from '@gi/ui';
import { useId, useState } from 'react';
import { Dialog, DialogButtons } from '../../shared/dialog.tsx';
import { useEraseCustomer } from './api.ts';

/** What the admin types to confirm: the erasure cannot be undone. */
export const ERASE_WORD = 'HAPUS';

/**
 * 'Hapus Data Pribadi' (UU PDP, decision 059): after a question that says what goes and what
 * stays, and the word typed, the server anonymises the customer; the orders' financial record
 * stays. An erased customer's button says so and does nothing more.
 */
export function EraseCustomerButton({ id, name, erased }: { id: string; name: string; erased: boolean }) {
  const erase = useEraseCustomer();
  const [asking, setAsking] = useState(false);
  const [typed, setTyped] = useState('');
  const [refusal, setRefusal] = useState<string>();
  const inputId = useId();

  function onConfirm() {
    erase.mutate(id, {
      onSuccess: () => {
        toast({ title: 'Data pribadi pelanggan telah dihapus' });
        setAsking(false);
      },
      onError: (error) => {
        setRefusal(
          error instanceof ApiError ? error.message : 'Gagal menghapus data pribadi. Silakan coba lagi.',
        );
      },
    });
  }

  if (erased) return <p>Data pribadi pelanggan ini sudah dihapus atas permintaannya.</p>;
  return (
    <>
      <button
        type="button"
        className={buttonClass.secondary}
        onClick={() => {
          setTyped('');
          setRefusal(undefined);
          setAsking(true);
        }}
      >
        Hapus Data Pribadi
      </button>
      {asking && (
        <Dialog title={`Hapus data pribadi ${name}?`} onClose={() => setAsking(false)} error={refusal}>
          <p>
            Nama, email, nomor telepon, alamat, keranjang tersimpan, favorit, persetujuan pemasaran dan
            langganan WhatsApp dihapus, dan akun tidak bisa dipakai masuk lagi. Ulasan tetap tampil dengan
            nama &quot;Pelanggan Dihapus&quot;. Catatan keuangan pesanan (jumlah, produk, tanggal, status)
            tetap disimpan sesuai kewajiban pencatatan pajak. Tindakan ini tidak dapat dibatalkan.
          </p>
          <label htmlFor={inputId}>Ketik {ERASE_WORD} untuk mengonfirmasi</label>
          <input
            id={inputId}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
          />
          <DialogButtons
            confirm="Hapus Data Pribadi"
            pending={erase.isPending}
            blocked={typed.trim().toUpperCase() !== ERASE_WORD}
            onCancel={() => setAsking(false)}
            onConfirm={onConfirm}
          />
        </Dialog>
      )}
    </>
  );
}
