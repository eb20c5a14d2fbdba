import { ContactSection } from '../features/contact/contact-section.tsx';
import page from '../shared/page.module.css';

/** /contact: the contact page's opening hours (product.md §2's second reading) and the message form. */
export default function ContactPage() {
  return (
    <div className={page.page}>
      <header className={page.header}>
        <h1 className={page.title}>Hubungi Kami</h1>
        <p className={page.lead}>
          Punya pertanyaan tentang produk, pesanan atau kerja sama? Kirimkan pesan dan tim kami akan membalas
          secepatnya.
        </p>
      </header>
      <ContactSection hours="contact" headingAs="h2" />
    </div>
  );
}
