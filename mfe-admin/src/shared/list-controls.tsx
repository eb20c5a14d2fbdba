import { pageSizes } from '@gi/contracts';
import { SelectField as FormSelectField, type SelectFieldProps } from '@gi/ui';
import { type ReactNode, useEffect, useEffectEvent, useId, useState } from 'react';
import styles from './list-controls.module.css';

/** Pause after the last keystroke before the list is searched on the server. */
export const SEARCH_DELAY_MS = 300;

interface SearchBoxProps {
  label: string;
  /** The search in effect (from the URL). */
  value: string;
  onSearch: (text: string) => void;
  placeholder?: string;
}

/** A search field that asks the server once typing pauses, or at once on Enter. */
export function SearchBox({ label, value, onSearch, placeholder }: SearchBoxProps) {
  const id = useId();
  const [text, setText] = useState(value);
  const search = useEffectEvent((next: string) => onSearch(next));

  // Back, reset or a link changed the search: show it, unless it is what is being typed.
  useEffect(() => {
    setText((current) => (current.trim() === value ? current : value));
  }, [value]);

  useEffect(() => {
    if (text.trim() === value) return;
    // A click on a row's link changes the address at once but renders the next view later, in a
    // transition: until then this box and its timer live on. A search due in that gap would replace
    // the admin's navigation with this list, so it is dropped once the address has changed.
    const address = window.location.href;
    const timer = setTimeout(() => {
      if (window.location.href === address) search(text);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, value]);

  return (
    // Not a <form>: the box also sits inside forms (the collection's product picker).
    // biome-ignore lint/a11y/useSemanticElements: <search> is still unknown to some supported browsers.
    <div role="search" className={styles.control}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="search"
        value={text}
        placeholder={placeholder}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          onSearch(text);
        }}
      />
    </div>
  );
}

/** A labelled select in the toolbar's compact look, for filters and the service form alike. */
export function SelectField(props: SelectFieldProps) {
  return <FormSelectField frameClass={styles.control} {...props} />;
}

/** 'Tampilkan 10/25/50 entri', answered by the server. */
export function PageSizeSelect({ value, onChange }: { value: number; onChange: (size: number) => void }) {
  return (
    <SelectField
      label="Tampilkan entri"
      value={value}
      onChange={(event) => onChange(Number(event.target.value))}
    >
      {pageSizes.map((size) => (
        <option key={size} value={size}>
          {size}
        </option>
      ))}
    </SelectField>
  );
}

/** The row of controls above a list. */
export function Toolbar({ children }: { children: ReactNode }) {
  return <div className={styles.toolbar}>{children}</div>;
}

/** One `<option>` per allowed value, showing its Indonesian label. */
export function LabelledOptions<V extends string>({
  values,
  labels,
}: {
  values: readonly V[];
  labels: Record<V, string>;
}) {
  return values.map((value) => (
    <option key={value} value={value}>
      {labels[value]}
    </option>
  ));
}

interface FilterSelectProps<V extends string> {
  label: string;
  /** The option that lifts the filter ('Semua Status'). */
  all: string;
  values: readonly V[];
  labels: Record<V, string>;
  /** The filter in effect, '' for all. */
  value: string;
  onChange: (value: string) => void;
}

/** A list filter: every allowed value by its Indonesian label, after the option for all of them. */
export function FilterSelect<V extends string>({
  label,
  all,
  values,
  labels,
  value,
  onChange,
}: FilterSelectProps<V>) {
  return (
    <SelectField label={label} value={value} onChange={(event) => onChange(event.target.value)}>
      <option value="">{all}</option>
      <LabelledOptions values={values} labels={labels} />
    </SelectField>
  );
}
