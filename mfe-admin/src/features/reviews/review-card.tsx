import { type AdminReview, formatDateTime, reviewHideSchema, reviewReplySchema } from '@gi/contracts';
import { ApiError } from '@gi/contracts/client';
import { buttonClass, Field, type FormSchema, TextAreaField, toast, toastError, useZodForm } from '@gi/ui';
import { type FormEvent, type ReactNode, useState } from 'react';
import section from '../../shared/section.module.css';
import { type ModerationStep, useModerate } from './api.ts';
import { reviewStatusLabels, wearTestLine } from './labels.ts';
import styles from './reviews.module.css';

function Stars({ rating }: { rating: number }) {
  return (
    <span className={styles.stars} role="img" aria-label={`${rating} dari 5 bintang`}>
      {'★'.repeat(rating)}
      <span className={styles.dim}>{'★'.repeat(5 - rating)}</span>
    </span>
  );
}

interface StepFormProps<T> {
  schema: FormSchema<T>;
  toStep: (values: T) => ModerationStep;
  /** The toast once saved. */
  done: string;
  submit: string;
  /** The step's one field, with the schema's or the server's message on it. */
  field: (errors: Record<string, string>) => ReactNode;
  onClose: () => void;
}

/** A form of one moderation step: validated with the API's schema, the server's refusal on its field. */
function StepForm<T>({ schema, toStep, done, submit, field, onClose }: StepFormProps<T>) {
  const moderate = useModerate();
  const { errors, setErrors, parse } = useZodForm(schema);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (moderate.isPending) return;
    const values = parse(event.currentTarget);
    if (values === null) return;
    moderate.mutate(toStep(values), {
      onSuccess: () => {
        toast({ title: done });
        onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError) setErrors(error.fields);
        toastError('Gagal menyimpan moderasi ulasan');
      },
    });
  }
  return (
    <form className={styles.step} noValidate onSubmit={onSubmit}>
      {field(errors)}
      <div className={section.buttons}>
        <button type="submit" className={buttonClass.primary} disabled={moderate.isPending}>
          {moderate.isPending ? 'Menyimpan...' : submit}
        </button>
        <button type="button" className={buttonClass.secondary} onClick={onClose}>
          Batal
        </button>
      </div>
    </form>
  );
}

function HideForm({ review, onClose }: { review: AdminReview; onClose: () => void }) {
  return (
    <StepForm
      schema={reviewHideSchema}
      toStep={({ reason }) => ({ id: review.id, action: 'hide', reason })}
      done="Ulasan disembunyikan"
      submit="Sembunyikan Ulasan"
      field={(errors) => (
        <Field
          label="Alasan disembunyikan"
          name="reason"
          hint="Dibaca pelanggan bersama ulasannya."
          error={errors.reason}
          required
        />
      )}
      onClose={onClose}
    />
  );
}

function ReplyForm({ review, onClose }: { review: AdminReview; onClose: () => void }) {
  return (
    <StepForm
      schema={reviewReplySchema}
      toStep={({ reply }) => ({ id: review.id, action: 'reply', reply })}
      done="Balasan disimpan"
      submit="Kirim Balasan"
      field={(errors) => (
        <TextAreaField
          label="Balasan toko (tampil publik)"
          name="reply"
          rows={3}
          defaultValue={review.reply?.text}
          error={errors.reply}
          required
        />
      )}
      onClose={onClose}
    />
  );
}

/** One review with what the admin can do to it: publish, hide with a reason, reply in public. */
export function ReviewCard({ review }: { review: AdminReview }) {
  const [open, setOpen] = useState<'hide' | 'reply' | null>(null);
  const moderate = useModerate();
  const busy = moderate.isPending;

  function run(step: ModerationStep, done: string) {
    moderate.mutate(step, {
      onSuccess: () => toast({ title: done }),
      onError: () => toastError('Gagal menyimpan moderasi ulasan'),
    });
  }

  return (
    <article className={`${section.card} ${styles.review}`} aria-labelledby={`review-${review.id}`}>
      <header className={styles.head}>
        <h3 id={`review-${review.id}`} className={styles.product}>
          {review.productName}
        </h3>
        <span className={`${styles.badge} ${styles[review.status] ?? ''}`}>
          {reviewStatusLabels[review.status]}
        </span>
      </header>
      <p className={styles.meta}>
        <Stars rating={review.rating} /> {review.customerName} ({review.customerEmail}) ·{' '}
        {formatDateTime(review.submittedAt)} WIB
      </p>
      <p className={styles.body}>{review.body}</p>
      {review.photos.length > 0 && (
        <ul className={styles.photos} aria-label="Foto ulasan">
          {review.photos.map((photo, index) => (
            <li key={photo.url}>
              <a href={photo.url} target="_blank" rel="noreferrer">
                <img
                  src={photo.url}
                  alt={`Foto ${index + 1} dari ${review.customerName}`}
                  width={96}
                  height={96}
                  loading="lazy"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      {review.wearTest && <p className={styles.wear}>Uji pakai: {wearTestLine(review.wearTest)}</p>}
      {review.hiddenReason && review.status === 'hidden' && (
        <p className={section.note}>Alasan disembunyikan: {review.hiddenReason}</p>
      )}
      {review.reply && (
        <blockquote className={styles.reply}>
          <strong>Balasan toko</strong> ({formatDateTime(review.reply.repliedAt)} WIB): {review.reply.text}
        </blockquote>
      )}
      <div className={section.buttons}>
        {review.status !== 'published' && (
          <button
            type="button"
            className={buttonClass.primary}
            disabled={busy}
            onClick={() => run({ id: review.id, action: 'publish' }, 'Ulasan diterbitkan')}
          >
            Terbitkan
          </button>
        )}
        {review.status !== 'hidden' && (
          <button type="button" className={buttonClass.secondary} onClick={() => setOpen('hide')}>
            Sembunyikan
          </button>
        )}
        <button type="button" className={buttonClass.secondary} onClick={() => setOpen('reply')}>
          {review.reply ? 'Ubah Balasan' : 'Balas'}
        </button>
        {review.reply && (
          <button
            type="button"
            className={buttonClass.secondary}
            disabled={busy}
            onClick={() => run({ id: review.id, action: 'reply', reply: null }, 'Balasan dihapus')}
          >
            Hapus Balasan
          </button>
        )}
      </div>
      {open === 'hide' && <HideForm review={review} onClose={() => setOpen(null)} />}
      {open === 'reply' && <ReplyForm review={review} onClose={() => setOpen(null)} />}
    </article>
  );
}
