import { collectionInputSchema } from '@gi/contracts';
import { apiRequest } from '@gi/contracts/client';
import { useMutation } from '@gi/platform';
import { Field } from '@gi/ui';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { apiError, callsTo, mockApi, renderPage } from '../test/render.tsx';
import { DialogButtons } from './dialog.tsx';
import { useSaveForm } from './save-form.ts';

afterEach(() => vi.unstubAllGlobals());

/** A form on the hook as the admin's add/edit forms use it, with a switch for a running upload. */
function NameForm({ onSaved }: { onSaved: (form: HTMLFormElement) => void }) {
  const save = useMutation({
    mutationFn: ({ values }: { values: unknown }) =>
      apiRequest('/api/collections', { method: 'POST', body: JSON.stringify(values) }),
  });
  const { errors, onSubmit, setUploading, buttons } = useSaveForm({
    schema: collectionInputSchema,
    save,
    id: undefined,
    onSaved,
    input: (data) => ({ name: data.get('name'), productIds: [] }),
    saved: { title: 'Koleksi berhasil ditambahkan' },
    failed: 'Gagal menambahkan koleksi',
  });
  return (
    <>
      <form aria-label="Koleksi" noValidate onSubmit={onSubmit}>
        <Field label="Nama Koleksi" name="name" error={errors.name} />
        <DialogButtons confirm="Simpan Koleksi" onCancel={() => {}} {...buttons} />
      </form>
      <label>
        <input type="checkbox" onChange={(event) => setUploading(event.target.checked)} />
        Mengunggah
      </label>
    </>
  );
}

const form = () => screen.getByRole('form', { name: 'Koleksi' });
const saveButton = (name = 'Simpan Koleksi') => screen.getByRole('button', { name });

it('sends one save however often it is submitted while saving, keeps Batal usable, then toasts and hands back the form', async () => {
  let answer: (response: Response) => void = () => {};
  const fetch = mockApi({
    'POST /api/collections': () => new Promise<Response>((resolve) => (answer = resolve)),
  });
  const onSaved = vi.fn();
  const { toasts } = renderPage('/admin', <NameForm onSaved={onSaved} />);
  await userEvent.type(screen.getByLabelText('Nama Koleksi'), 'Koleksi Malam');
  await userEvent.click(saveButton());
  await waitFor(() => expect(saveButton('Menyimpan...').hasAttribute('disabled')).toBe(true));
  fireEvent.submit(form());
  expect(callsTo(fetch, 'POST /api/collections')).toHaveLength(1);
  expect(screen.getByRole('button', { name: 'Batal' }).hasAttribute('disabled')).toBe(false);

  answer(Response.json({ id: 'c9' }, { status: 201 }));
  await waitFor(() => expect(onSaved).toHaveBeenCalledWith(form()));
  expect(toasts).toEqual([{ title: 'Koleksi berhasil ditambahkan' }]);
  expect(callsTo(fetch, 'POST /api/collections')[0]?.body).toEqual({
    name: 'Koleksi Malam',
    description: null,
    image: null,
    productIds: [],
  });
});

it('holds the save back, without saying it saves, while a file is still uploading', async () => {
  const fetch = mockApi({ 'POST /api/collections': () => Response.json({ id: 'c9' }, { status: 201 }) });
  const onSaved = vi.fn();
  renderPage('/admin', <NameForm onSaved={onSaved} />);
  await userEvent.type(screen.getByLabelText('Nama Koleksi'), 'Koleksi Malam');
  await userEvent.click(screen.getByLabelText('Mengunggah'));
  expect(saveButton().hasAttribute('disabled')).toBe(true);
  fireEvent.submit(form());
  expect(callsTo(fetch, 'POST /api/collections')).toHaveLength(0);

  await userEvent.click(screen.getByLabelText('Mengunggah'));
  await userEvent.click(saveButton());
  await waitFor(() => expect(onSaved).toHaveBeenCalled());
});

it("puts the server's field message on its field with the error toast, and sends nothing for an invalid input", async () => {
  const fetch = mockApi({
    'POST /api/collections': apiError(409, 'Koleksi dengan nama ini sudah ada', 'slug_taken', {
      name: 'Koleksi dengan nama ini sudah ada',
    }),
  });
  const onSaved = vi.fn();
  const { toasts } = renderPage('/admin', <NameForm onSaved={onSaved} />);
  await userEvent.click(saveButton());
  expect(screen.getByText('Nama koleksi harus diisi')).toBeTruthy();
  expect(callsTo(fetch, 'POST /api/collections')).toHaveLength(0);

  await userEvent.type(screen.getByLabelText('Nama Koleksi'), 'Aroma Citrus');
  await userEvent.click(saveButton());
  await waitFor(() =>
    expect(toasts).toEqual([
      { title: 'Error', description: 'Gagal menambahkan koleksi', variant: 'destructive' },
    ]),
  );
  const message = screen.getByText('Koleksi dengan nama ini sudah ada');
  expect(screen.getByLabelText('Nama Koleksi').getAttribute('aria-describedby')).toBe(message.id);
  expect(saveButton().hasAttribute('disabled')).toBe(false);
  expect(onSaved).not.toHaveBeenCalled();
});
