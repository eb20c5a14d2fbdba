import { buttonClass } from '@gi/ui';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import styles from './order.module.css';

interface ConfirmStepProps {
  /** The button that opens the question. */
  label: string;
  question: ReactNode;
  /** The button that carries the action out, and its text while it runs. */
  yes: string;
  busy: string;
  pending: boolean;
  /** Runs the action; calls `done` once it succeeded, closing the question. */
  onConfirm: (done: () => void) => void;
  /** The answer button's look: red for what cannot be undone by the shopper. */
  tone: 'danger' | 'primary';
}

/** An action the order page asks about first, in place (no modal): the question takes focus. */
export function ConfirmStep({ label, question, yes, busy, pending, onConfirm, tone }: ConfirmStepProps) {
  const [asking, setAsking] = useState(false);
  const questionRef = useRef<HTMLDivElement>(null);
  const questionId = useId();

  useEffect(() => {
    if (asking) questionRef.current?.focus();
  }, [asking]);

  if (!asking)
    return (
      <button
        type="button"
        className={tone === 'danger' ? buttonClass.secondary : buttonClass.primary}
        onClick={() => setAsking(true)}
      >
        {label}
      </button>
    );
  return (
    <div
      ref={questionRef}
      className={styles.confirm}
      role="alertdialog"
      aria-labelledby={questionId}
      tabIndex={-1}
    >
      <p id={questionId}>{question}</p>
      <div className={styles.actions}>
        <button
          type="button"
          className={tone === 'danger' ? styles.danger : buttonClass.primary}
          onClick={() => onConfirm(() => setAsking(false))}
          disabled={pending}
        >
          {pending ? busy : yes}
        </button>
        <button
          type="button"
          className={buttonClass.secondary}
          onClick={() => setAsking(false)}
          disabled={pending}
        >
          Tidak
        </button>
      </div>
    </div>
  );
}
