import { formatDateTime, serviceReplyInputSchema } from '@gi/contracts';
import { ApiError } from '@gi/contracts/client';
import { useQuery } from '@gi/platform';
import { errorMessage } from '@gi/session';
import { buttonClass, TextAreaField, toast, toastError, useZodForm } from '@gi/ui';
import { ErrorState, LoadingState } from '@gi/ui/states';
import { type FormEvent, useMemo, useState } from 'react';
import section from '../../shared/section.module.css';
import { serviceThreadQuery, useReplyService } from './api.ts';
import styles from './service.module.css';

// Replies from the customer-service inbox (decision 058): the thread under a contact message and
// the form that emails the next answer to its sender.

function ReplyForm({ id, to }: { id: string; to: string }) {
  const [body, setBody] = useState('');
  const values = useMemo(() => ({ body }), [body]);
  const { errors, setErrors, parse } = useZodForm(serviceReplyInputSchema, { values });
  const reply = useReplyService(id);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (reply.isPending) return;
    const parsed = parse();
    if (!parsed) return;
    reply.mutate(parsed.body, {
      onSuccess: () => {
        setBody('');
        toast({ title: 'Terkirim', description: `Balasan dikirim ke ${to}` });
      },
      onError: (err) => {
        if (err instanceof ApiError) setErrors(err.fields);
        toastError(errorMessage(err, 'Gagal mengirim balasan'));
      },
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Balas pesan">
      <TextAreaField
        label={`Balasan ke ${to}`}
        name="body"
        rows={5}
        value={body}
        onChange={(e) => setBody(e.target.value)}
        error={errors.body}
      />
      <div className={section.buttons}>
        <button type="submit" className={buttonClass.primary} disabled={reply.isPending}>
          {reply.isPending ? 'Mengirim...' : 'Kirim Balasan'}
        </button>
      </div>
    </form>
  );
}

/** Under a contact message: the replies sent so far and the next one; nothing for other records. */
export function ServiceThread({ id }: { id: string }) {
  const thread = useQuery(serviceThreadQuery(id));
  if (thread.isPending) return <LoadingState>Memuat balasan...</LoadingState>;
  if (thread.isError) return <ErrorState message="Gagal memuat balasan" onRetry={() => thread.refetch()} />;
  const { contact_email: to, replies } = thread.data;
  if (!to) return null;
  return (
    <section aria-labelledby="service-thread-title" className={styles.thread}>
      <h3 id="service-thread-title">Balasan</h3>
      {replies.length === 0 ? (
        <p className={section.note}>Belum ada balasan untuk pesan ini.</p>
      ) : (
        <ol className={styles.replies}>
          {replies.map((reply) => (
            <li key={reply.id}>
              <p className={styles.replyMeta}>
                {reply.author_name} ·{' '}
                <time dateTime={reply.created_at}>{formatDateTime(reply.created_at)}</time>
              </p>
              <p className={styles.replyBody}>{reply.body}</p>
            </li>
          ))}
        </ol>
      )}
      <ReplyForm id={id} to={to} />
    </section>
  );
}
