import type { ChangeEvent, ReactNode } from 'react';
import styles from './upload-field.module.css';

export { styles as uploadFieldStyles };

interface FilePickerProps {
  /** The field's `useId()`: the picker is `${id}-file`, its hint `${id}-hint`, the error `${id}-error`. */
  id: string;
  label: string;
  hint: ReactNode;
  multiple?: boolean;
  disabled: boolean;
  uploading: boolean;
  error: string | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  className?: string;
  children?: ReactNode;
}

/** The image picker of an upload field: its label, the file input, the hint and 'Mengunggah...'. */
export function FilePicker({
  id,
  label,
  hint,
  multiple,
  disabled,
  uploading,
  error,
  onChange,
  className,
  children,
}: FilePickerProps) {
  return (
    <div className={`${styles.controls} ${className ?? ''}`}>
      <label htmlFor={`${id}-file`} className={styles.fileLabel}>
        {label}
      </label>
      <input
        id={`${id}-file`}
        type="file"
        accept="image/*"
        multiple={multiple}
        disabled={disabled}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        aria-invalid={error ? true : undefined}
        onChange={onChange}
      />
      <p id={`${id}-hint`} className={styles.hint}>
        {hint}
      </p>
      {uploading && (
        <p className={styles.uploading} role="status">
          Mengunggah...
        </p>
      )}
      {children}
    </div>
  );
}
