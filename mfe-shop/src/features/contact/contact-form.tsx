import { contactMessageSchema } from '@gi/contracts';
import { ApiError } from '@gi/contracts/client';
import { errorMessage } from '@gi/session';
import { buttonClass, Field, TextAreaField, toast, toastError, useZodForm } from '@gi/ui';
import type { FormEvent } from 'react';
import { useSendContactMessage } from './api.ts';
import styles from './contact-form.module.css';

/** The message form of the home contact section and the contact page. */
export function ContactForm() {
  const { errors, setErrors, parse } = useZodForm(contactMessageSchema);
  const send = useSendContactMessage();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (send.isPending) return;
    const form = event.currentTarget;
    const message = parse(form);
    if (!message) return;
    send.mutate(message, {
      onSuccess: () => {
        form.reset();
        toast({
          title: 'Pesan terkirim',
          description: 'Terima kasih telah menghubungi kami. Kami akan segera membalas pesan Anda.',
        });
      },
      onError: (error) => {
        // The server checks the same schema; its per-field messages belong under the fields.
        if (error instanceof ApiError) setErrors(error.fields);
        toastError(errorMessage(error, 'Gagal mengirim pesan. Silakan coba lagi.'));
      },
    });
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Kirim pesan">
      <div className={styles.row}>
        <Field label="Nama" name="name" autoComplete="name" error={errors.name} required />
        <Field label="Email" name="email" type="email" autoComplete="email" error={errors.email} required />
      </div>
      <Field label="Subjek" name="subject" error={errors.subject} required />
      <TextAreaField label="Pesan" name="message" rows={5} error={errors.message} required />
      <button type="submit" className={buttonClass.primary} disabled={send.isPending}>
        {send.isPending ? 'Mengirim...' : 'Kirim Pesan'}
      </button>
    </form>
  );
}
