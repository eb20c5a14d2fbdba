import { siteSettingsQuery } from '@gi/contracts/public-queries';
import { useQuery } from '@gi/platform';
import { WhatsAppButton } from '@gi/ui/whatsapp-button';
import { ContactSection } from '../features/contact/contact-section.tsx';
import page from '../shared/page.module.css';

export const CONTACT_MESSAGE = 'Halo PT. Global Imperium, saya ingin bertanya tentang produk parfum Anda.';

/** /contact: the contact page's opening hours (product.md §2's second reading) and the message form. */
export default function ContactPage() {
  // The WhatsApp button sits here, not in the section: the home page's copy of the section then
  // does not list its chunk, which keeps the first visit to / within its budget.
  const { data: settings } = useQuery(siteSettingsQuery);
  return (
    <div className={page.page}>
      <header className={page.header}>
        <h1 className={page.title}>Hubungi Kami</h1>
        <p className={page.lead}>
          Punya pertanyaan tentang produk, pesanan atau kerja sama? Kirimkan pesan dan tim kami akan membalas
          secepatnya.
        </p>
        {settings && (
          <p>
            <WhatsAppButton phone={settings.contactWhatsapp} message={CONTACT_MESSAGE}>
              Chat via WhatsApp
            </WhatsAppButton>
          </p>
        )}
      </header>
      <ContactSection hours="contact" headingAs="h2" />
    </div>
  );
}
