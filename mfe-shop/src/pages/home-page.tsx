import { AboutSection } from '../features/about/about-section.tsx';
import { FeaturedProducts } from '../features/catalog/featured-products.tsx';
import { ContactSection } from '../features/contact/contact-section.tsx';
import { Hero } from '../features/hero/hero.tsx';
import { Testimonials } from '../features/testimonials/testimonials.tsx';
import styles from './home-page.module.css';

/** / (spec §2): hero, about, 3 featured products, testimonials and the contact section. */
export default function HomePage() {
  return (
    <>
      <Hero />
      <AboutSection />
      <FeaturedProducts />
      <Testimonials />
      <section className={styles.contact} aria-labelledby="home-contact-title">
        <h2 id="home-contact-title" className={styles.contactTitle}>
          Hubungi Kami
        </h2>
        <p className={styles.contactLead}>Ada pertanyaan tentang parfum kami? Kami siap membantu.</p>
        <ContactSection hours="home" headingAs="h3" />
      </section>
    </>
  );
}
