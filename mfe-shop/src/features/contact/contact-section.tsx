import type { SiteSettings } from '@gi/contracts';
import { siteSettingsQuery } from '@gi/contracts/public-queries';
import { useQuery } from '@gi/platform';
import { ErrorState, Loading, SkeletonText } from '@gi/ui/states';
import { ContactForm } from './contact-form.tsx';
import styles from './contact-section.module.css';

interface ContactSectionProps {
  /** The spec gives two readings of the opening hours: the home page's and the contact page's. */
  hours: 'home' | 'contact';
  /** Level of the section's own headings under the page's. */
  headingAs: 'h2' | 'h3';
}

/** Address, phones, email and opening hours from the admin's settings, beside the message form. */
export function ContactSection({ hours, headingAs: Heading }: ContactSectionProps) {
  const { data: settings, isPending, isError, refetch } = useQuery(siteSettingsQuery);

  return (
    <div className={styles.layout}>
      <div className={styles.info}>
        <Heading className={styles.heading}>Informasi Kontak</Heading>
        {isPending && (
          <Loading label="Memuat informasi kontak...">
            <SkeletonText lines={5} />
          </Loading>
        )}
        {isError && <ErrorState message="Gagal memuat informasi kontak." onRetry={() => void refetch()} />}
        {settings && <ContactDetails settings={settings} hours={hours} headingAs={Heading} />}
      </div>
      <div className={styles.card}>
        <Heading className={styles.heading}>Kirim Pesan</Heading>
        <ContactForm />
      </div>
    </div>
  );
}

function ContactDetails({
  settings,
  hours,
  headingAs: Heading,
}: {
  settings: SiteSettings;
  hours: ContactSectionProps['hours'];
  headingAs: ContactSectionProps['headingAs'];
}) {
  const phones = [...new Set([settings.contactPhone1, settings.contactPhone2].filter(Boolean))];
  const openingHours = hours === 'home' ? settings.hoursHome : settings.hoursContact;
  return (
    <>
      <dl className={styles.details}>
        <div>
          <dt>Alamat</dt>
          <dd>{settings.contactAddress}</dd>
        </div>
        <div>
          <dt>Telepon</dt>
          {phones.map((phone) => (
            <dd key={phone}>
              <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>
            </dd>
          ))}
        </div>
        <div>
          <dt>Email</dt>
          <dd>
            <a href={`mailto:${settings.contactEmail}`}>{settings.contactEmail}</a>
          </dd>
        </div>
      </dl>
      <Heading className={styles.heading}>Jam Operasional</Heading>
      <table className={styles.hours}>
        <tbody>
          {openingHours.map((row) => (
            <tr key={row.days}>
              <th scope="row">{row.days}</th>
              <td>{row.hours}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
