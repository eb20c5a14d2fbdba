import { api } from '@gi/contracts/api';
import { useMutation, useQuery, useQueryClient } from '@gi/platform';
import { errorMessage } from '@gi/session';
import { toast } from '@gi/ui';
import { type InputHTMLAttributes, useId } from 'react';
import styles from './consent.module.css';

// Consent to marketing email (UU PDP, decision 050): asked at sign-up and at checkout, never
// ticked for the customer, and changed any time on the account page; the saved cart's reminder
// goes only to those who ticked it.

/**
 * The checkbox's words, at sign-up and at checkout. 'Email' stays out of the label, in the note
 * under it: the forms' 'Email' field is found by its label.
 */
const MARKETING_CONSENT_LABEL = 'Kirimi saya pengingat keranjang dan promo';
const NOTE = 'Lewat email ke alamat akun Anda. Berhenti kapan saja lewat tautan di setiap email.';

/** The checkbox with its words and the note under it; `input` is how each form keeps its state. */
function ConsentCheckbox(input: InputHTMLAttributes<HTMLInputElement>) {
  const note = useId();
  return (
    <div>
      <label className={styles.check}>
        <input type="checkbox" aria-describedby={note} {...input} />
        {MARKETING_CONSENT_LABEL}
      </label>
      <p id={note} className={styles.note}>
        {NOTE}
      </p>
    </div>
  );
}

/** Sign-up's checkbox: sent with the form as `marketingConsent` ('on' when ticked). */
export function MarketingConsentField() {
  return <ConsentCheckbox name="marketingConsent" />;
}

const consentKey = ['marketing-consent'] as const;

/**
 * The account's consent as the server has it, saved when ticked or unticked: at checkout (it is
 * not part of the order; nothing shows until it is known) and on the account page (`states`:
 * it says when it is loading or could not be read, since it is the section's only content).
 */
export function SavedMarketingConsent({ states = false }: { states?: boolean }) {
  const client = useQueryClient();
  const consent = useQuery({ queryKey: consentKey, queryFn: () => api('GET /marketing/consent') });
  const save = useMutation({
    mutationFn: (value: boolean) => api('PUT /marketing/consent', { body: { consent: value } }),
    onSuccess: (answer) => client.setQueryData(consentKey, answer),
    onError: (error) =>
      toast({
        title: 'Gagal menyimpan persetujuan',
        description: errorMessage(error, 'Silakan coba lagi.'),
        variant: 'destructive',
      }),
  });
  if (!consent.data) {
    if (!states) return null;
    return (
      <p className={styles.note} role={consent.isError ? 'alert' : undefined}>
        {consent.isError ? 'Gagal memuat persetujuan email. Muat ulang halaman.' : 'Memuat...'}
      </p>
    );
  }
  return (
    <ConsentCheckbox
      checked={save.isPending ? (save.variables ?? false) : consent.data.consent}
      disabled={save.isPending}
      onChange={(event) => save.mutate(event.target.checked)}
    />
  );
}
