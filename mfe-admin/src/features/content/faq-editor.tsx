import { type FaqEntry, faqInputSchema } from '@gi/contracts';
import { ApiError } from '@gi/contracts/client';
import { useQuery } from '@gi/platform';
import { buttonClass, Field, TextAreaField, toast, toastError, useErrorToast, useZodForm } from '@gi/ui';
import { EmptyState, ErrorState, LoadingState } from '@gi/ui/states';
import { type FormEvent, useState } from 'react';
import section from '../../shared/section.module.css';
import table from '../../shared/table.module.css';
import { faqQuery, useDeleteFaq, useSaveFaq } from './api.ts';
import styles from './content.module.css';

interface FaqFormProps {
  entry?: FaqEntry;
  onDone?: () => void;
}

/** Question and answer, both required (product.md §5); adds an entry, or edits `entry`. */
function FaqForm({ entry, onDone }: FaqFormProps) {
  const { errors, setErrors, parse } = useZodForm(faqInputSchema);
  const save = useSaveFaq();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    const form = event.currentTarget;
    const values = parse(form);
    if (!values) return;
    save.mutate(
      { id: entry?.id, values },
      {
        onSuccess: () => {
          toast({ title: entry ? 'FAQ berhasil diperbarui' : 'FAQ berhasil ditambahkan' });
          form.reset();
          onDone?.();
        },
        onError: (error) => {
          if (error instanceof ApiError) setErrors(error.fields);
          toastError(entry ? 'Gagal memperbarui FAQ' : 'Gagal menambahkan FAQ');
        },
      },
    );
  }

  return (
    <form className={section.form} onSubmit={onSubmit} noValidate>
      <Field
        label="Pertanyaan"
        name="question"
        defaultValue={entry?.question}
        error={errors.question}
        required
      />
      <TextAreaField
        label="Jawaban"
        name="answer"
        rows={4}
        defaultValue={entry?.answer}
        error={errors.answer}
        required
      />
      <div className={section.buttons}>
        <button type="submit" className={buttonClass.primary} disabled={save.isPending}>
          {save.isPending ? 'Menyimpan...' : entry ? 'Simpan Perubahan' : 'Tambah FAQ'}
        </button>
        {onDone && entry && (
          <button type="button" className={buttonClass.secondary} onClick={onDone}>
            Batal
          </button>
        )}
      </div>
    </form>
  );
}

/** edit-faq: the FAQ page's entries, added, edited and deleted here. */
export function FaqEditor() {
  const faq = useQuery(faqQuery);
  const remove = useDeleteFaq();
  const [editing, setEditing] = useState<string | null>(null);
  useErrorToast(faq.isError, 'Gagal memuat FAQ');

  function onDelete(entry: FaqEntry) {
    if (!window.confirm('Apakah Anda yakin ingin menghapus FAQ ini?')) return;
    remove.mutate(entry.id, {
      onSuccess: () => toast({ title: 'FAQ berhasil dihapus' }),
      onError: () => toastError('Gagal menghapus FAQ'),
    });
  }

  return (
    <div className={styles.stack}>
      <section className={section.card} aria-labelledby="faq-add-title">
        <h3 id="faq-add-title" className={section.subheading}>
          Tambah FAQ
        </h3>
        <FaqForm />
      </section>

      <section aria-labelledby="faq-list-title">
        <h3 id="faq-list-title" className={section.subheading}>
          Daftar FAQ
        </h3>
        {faq.isPending ? (
          <LoadingState>Memuat FAQ...</LoadingState>
        ) : faq.isError ? (
          <ErrorState message="Gagal memuat FAQ" onRetry={() => faq.refetch()} />
        ) : faq.data.length === 0 ? (
          <EmptyState>
            <p>Belum ada FAQ.</p>
          </EmptyState>
        ) : (
          <ol className={styles.faqList}>
            {faq.data.map((entry) => (
              <li key={entry.id} className={section.card}>
                {editing === entry.id ? (
                  <FaqForm entry={entry} onDone={() => setEditing(null)} />
                ) : (
                  <>
                    <h4 className={styles.question}>{entry.question}</h4>
                    <p className={styles.answer}>{entry.answer}</p>
                    <div className={table.actions}>
                      <button
                        type="button"
                        className={table.action}
                        aria-label={`Edit FAQ: ${entry.question}`}
                        onClick={() => setEditing(entry.id)}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        className={table.danger}
                        aria-label={`Hapus FAQ: ${entry.question}`}
                        disabled={remove.isPending && remove.variables === entry.id}
                        onClick={() => onDelete(entry)}
                      >
                        Hapus
                      </button>
                    </div>
                  </>
                )}
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
