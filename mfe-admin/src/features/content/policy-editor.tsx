import { formatDateTime, type PolicyKind, policyInputSchema, policyTitles } from '@gi/contracts';
import { ApiError } from '@gi/contracts/client';
import { useQuery } from '@gi/platform';
import { buttonClass, TextAreaField, toast, toastError, useErrorToast, useZodForm } from '@gi/ui';
import { ErrorState, LoadingState } from '@gi/ui/states';
import type { FormEvent } from 'react';
import section from '../../shared/section.module.css';
import { policyQuery, useSavePolicy } from './api.ts';

/** One policy text; saving creates its record with the fixed title when there is none yet (product.md §4). */
export function PolicyEditor({ kind }: { kind: PolicyKind }) {
  const title = policyTitles[kind];
  const policy = useQuery(policyQuery(kind));
  const save = useSavePolicy(kind);
  const { errors, setErrors, parse } = useZodForm(policyInputSchema);
  useErrorToast(policy.isError, `Gagal memuat ${title}`);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    const values = parse(event.currentTarget);
    if (!values) return;
    save.mutate(values.content, {
      onSuccess: () => toast({ title: 'Berhasil', description: `${title} berhasil disimpan` }),
      onError: (error) => {
        if (error instanceof ApiError) setErrors(error.fields);
        toastError(`Gagal menyimpan ${title}`);
      },
    });
  }

  const headingId = `policy-${kind}-title`;
  return (
    <section className={section.card} aria-labelledby={headingId}>
      <h3 id={headingId} className={section.subheading}>
        {title}
      </h3>
      {policy.isPending ? (
        <LoadingState>Memuat {title}...</LoadingState>
      ) : policy.isError ? (
        <ErrorState message={`Gagal memuat ${title}`} onRetry={() => policy.refetch()} />
      ) : (
        <form className={section.form} onSubmit={onSubmit} noValidate>
          {policy.data ? (
            <p className={section.note}>Terakhir diperbarui {formatDateTime(policy.data.updated_at)}.</p>
          ) : (
            <p className={section.note}>Belum ada teks. Menyimpan akan membuat {title}.</p>
          )}
          <TextAreaField
            label={`Isi ${title}`}
            name="content"
            rows={12}
            defaultValue={policy.data?.content ?? ''}
            error={errors.content}
            required
          />
          <div className={section.buttons}>
            <button type="submit" className={buttonClass.primary} disabled={save.isPending}>
              {save.isPending ? 'Menyimpan...' : 'Simpan'}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
