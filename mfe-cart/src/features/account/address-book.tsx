import { MAX_SAVED_ADDRESSES, type SavedAddress, savedAddressInputSchema } from '@gi/contracts';
import { ApiError } from '@gi/contracts/client';
import { useMutation, useQuery, useQueryClient } from '@gi/platform';
import { errorMessage } from '@gi/session';
import { type AddressValue, buttonClass, emptyAddress, toast, useZodForm } from '@gi/ui';
import { type FormEvent, useMemo, useState } from 'react';
import { AddressPicker, fromSaved } from '../addresses/address-picker.tsx';
import { addressesQuery, deleteAddress, storeAddress } from '../addresses/api.ts';
import styles from './account.module.css';

/** The address being written: a new one (id null) or a saved one's changes. */
interface Draft {
  id: string | null;
  value: AddressValue;
  isDefault: boolean;
}

function AddressEditor({ draft, onClose }: { draft: Draft; onClose: () => void }) {
  const client = useQueryClient();
  const [value, setValue] = useState(draft.value);
  const [isDefault, setIsDefault] = useState(draft.isDefault);
  const values = useMemo(() => ({ ...value, isDefault }), [value, isDefault]);
  const { errors, setErrors, parse } = useZodForm(savedAddressInputSchema, { values });
  const save = useMutation({
    mutationFn: (input: Parameters<typeof storeAddress>[0]) => storeAddress(input, draft.id),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: addressesQuery.queryKey });
      toast({ title: draft.id ? 'Alamat berhasil diperbarui' : 'Alamat berhasil ditambahkan' });
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError) setErrors(error.fields);
      toast({
        title: 'Gagal menyimpan alamat',
        description: errorMessage(error, 'Terjadi kesalahan saat menyimpan data.'),
        variant: 'destructive',
      });
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    const form = event.currentTarget;
    const parsed = parse();
    if (!parsed) {
      // The first field to mend takes the focus, as at checkout.
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    save.mutate(parsed);
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <AddressPicker
        value={value}
        onChange={setValue}
        errors={errors}
        legend={draft.id ? 'Ubah Alamat' : 'Alamat Baru'}
      >
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={isDefault}
            // The default stays one until another takes its place (the API keeps it so).
            disabled={draft.isDefault}
            onChange={(event) => setIsDefault(event.target.checked)}
          />
          Jadikan alamat utama
        </label>
      </AddressPicker>
      <div className={styles.buttons}>
        <button type="submit" className={buttonClass.primary} disabled={save.isPending}>
          {save.isPending ? 'Menyimpan...' : 'Simpan Alamat'}
        </button>
        <button type="button" className={buttonClass.secondary} onClick={onClose}>
          Batal
        </button>
      </div>
    </form>
  );
}

/** What the API takes back for a saved address, with `isDefault` set. */
const asInput = (address: SavedAddress, isDefault: boolean) => ({ ...fromSaved(address), isDefault });

function SavedAddressCard({ address, onEdit }: { address: SavedAddress; onEdit: () => void }) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: addressesQuery.queryKey });
  const failed = (title: string) => (error: Error) =>
    toast({ title, description: errorMessage(error, 'Silakan coba lagi.'), variant: 'destructive' });
  const makeDefault = useMutation({
    mutationFn: () => storeAddress(asInput(address, true), address.id),
    onSuccess: () => {
      void refresh();
      toast({ title: 'Alamat utama diperbarui' });
    },
    onError: failed('Gagal mengubah alamat utama'),
  });
  const remove = useMutation({
    mutationFn: () => deleteAddress(address.id),
    onSuccess: () => {
      void refresh();
      toast({ title: 'Alamat berhasil dihapus' });
    },
    onError: failed('Gagal menghapus alamat'),
  });
  const busy = makeDefault.isPending || remove.isPending;

  return (
    <li className={styles.address} data-address-id={address.id}>
      <p>
        <strong>{address.customerName}</strong>
        {address.isDefault && <span className={styles.badge}> Utama</span>}
        <br />
        {address.customerPhone}
        <br />
        {address.customerAddress}, {address.district.name}, {address.regency.name}, {address.province.name}{' '}
        {address.postalCode}
      </p>
      <div className={styles.buttons}>
        <button type="button" className={buttonClass.secondary} onClick={onEdit} disabled={busy}>
          Ubah
        </button>
        {!address.isDefault && (
          <button
            type="button"
            className={buttonClass.secondary}
            onClick={() => makeDefault.mutate()}
            disabled={busy}
          >
            Jadikan Utama
          </button>
        )}
        <button
          type="button"
          className={buttonClass.secondary}
          disabled={busy}
          onClick={() => {
            if (window.confirm('Apakah Anda yakin ingin menghapus alamat ini?')) remove.mutate();
          }}
        >
          Hapus
        </button>
      </div>
    </li>
  );
}

/** 'Buku Alamat': the addresses checkout offers, kept here (at most MAX_SAVED_ADDRESSES). */
export function AddressBook({ name }: { name: string }) {
  const book = useQuery(addressesQuery);
  const [draft, setDraft] = useState<Draft | null>(null);
  const addresses = book.data ?? [];
  const full = addresses.length >= MAX_SAVED_ADDRESSES;

  return (
    <section className={styles.card} aria-labelledby="account-addresses-title">
      <h2 id="account-addresses-title">Buku Alamat</h2>
      {book.isPending && (
        <p className={styles.muted} role="status">
          Memuat alamat...
        </p>
      )}
      {book.isError && (
        <div className={styles.buttons} role="alert">
          <p className={styles.muted}>Gagal memuat alamat</p>
          <button type="button" className={buttonClass.secondary} onClick={() => void book.refetch()}>
            Coba Lagi
          </button>
        </div>
      )}
      {book.data?.length === 0 && <p className={styles.muted}>Belum ada alamat tersimpan.</p>}
      {addresses.length > 0 && (
        <ul className={styles.addresses}>
          {addresses.map((address) =>
            draft?.id === address.id ? (
              <li key={address.id}>
                <AddressEditor draft={draft} onClose={() => setDraft(null)} />
              </li>
            ) : (
              <SavedAddressCard
                key={address.id}
                address={address}
                onEdit={() =>
                  setDraft({ id: address.id, value: fromSaved(address), isDefault: address.isDefault })
                }
              />
            ),
          )}
        </ul>
      )}
      {draft?.id === null ? (
        <AddressEditor draft={draft} onClose={() => setDraft(null)} />
      ) : (
        book.data && (
          <div className={styles.buttons}>
            <button
              type="button"
              className={buttonClass.primary}
              disabled={full}
              onClick={() =>
                setDraft({ id: null, value: emptyAddress(name), isDefault: addresses.length === 0 })
              }
            >
              Tambah Alamat
            </button>
            {full && (
              <p className={styles.muted}>
                Maksimal {MAX_SAVED_ADDRESSES} alamat tersimpan. Hapus salah satu terlebih dahulu.
              </p>
            )}
          </div>
        )
      )}
    </section>
  );
}
