import { buttonClass } from '@gi/ui';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import styles from './dialog.module.css';
import section from './section.module.css';

interface DialogProps {
  title: string;
  onClose: () => void;
  /** The server's refusal, shown under the content. */
  error?: string | undefined;
  children: ReactNode;
}

/**
 * A modal question over the page: focus moves into it and back to where it was when it
 * closes, Escape closes it. (Not <dialog>: its showModal is missing from the test DOM.)
 */
export function Dialog({ title, onClose, error, children }: DialogProps) {
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    ref.current?.querySelector<HTMLElement>('input, textarea, select, button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus();
    };
  }, []);

  return (
    <div className={styles.backdrop}>
      <div ref={ref} className={styles.dialog} role="dialog" aria-modal="true" aria-labelledby={id}>
        <h3 id={id} className={styles.title}>
          {title}
        </h3>
        {children}
        {error && (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        )}
      </div>
    </div>
  );
}

interface DialogButtonsProps {
  /** The confirming button's text. */
  confirm: string;
  /** While the change is being saved: the confirming button waits and says so. */
  pending: boolean;
  /** The confirming button waits without saying so (a file still uploading). */
  blocked?: boolean;
  /** 'Batal'; a form with nowhere to go back to has none. */
  onCancel?: (() => void) | undefined;
  /** 'Batal' stays usable while saving (an add/edit form); a dialog's waits for the answer. */
  cancelWhilePending?: boolean;
  /** Without it, the confirming button submits the dialog's form. */
  onConfirm?: () => void;
}

/** A dialog's or an add/edit form's answer: confirm (the primary action) or 'Batal'. */
export function DialogButtons({
  confirm,
  pending,
  blocked = false,
  onCancel,
  cancelWhilePending = false,
  onConfirm,
}: DialogButtonsProps) {
  return (
    <div className={section.buttons}>
      <button
        type={onConfirm ? 'button' : 'submit'}
        className={buttonClass.primary}
        onClick={onConfirm}
        disabled={pending || blocked}
      >
        {pending ? 'Menyimpan...' : confirm}
      </button>
      {onCancel && (
        <button
          type="button"
          className={buttonClass.secondary}
          onClick={onCancel}
          disabled={pending && !cancelWhilePending}
        >
          Batal
        </button>
      )}
    </div>
  );
}
