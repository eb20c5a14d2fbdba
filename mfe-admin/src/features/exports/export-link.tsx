import { buttonClass } from '@gi/ui';

/**
 * 'Ekspor CSV': the list's file with the filters in effect (decision 056). A plain download
 * link: the Worker streams the file, the browser saves it with the answer's dated name. Its
 * spoken name begins with the words shown (WCAG 2.5.3: a voice user says what they see), then
 * says what the file holds: `of` = 'pesanan sesuai filter'.
 */
export function ExportLink({ href, of }: { href: string; of: string }) {
  return (
    <a className={buttonClass.secondary} href={href} download aria-label={`Ekspor CSV ${of}`}>
      Ekspor CSV
    </a>
  );
}
