import { buttonClass } from '@gi/ui';

/**
 * 'Ekspor CSV': the list's file with the filters in effect (decision 056). A plain download
 * link: the Worker streams the file, the browser saves it with the answer's dated name.
 */
export function ExportLink({ href, label }: { href: string; label: string }) {
  return (
    <a className={buttonClass.secondary} href={href} download aria-label={label}>
      Ekspor CSV
    </a>
  );
}
