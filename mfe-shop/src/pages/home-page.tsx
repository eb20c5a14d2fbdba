import { Loading, SkeletonText } from '@gi/ui/states';
import { lazy, Suspense } from 'react';
import { AboutSection } from '../features/about/about-section.tsx';
import { FeaturedProducts } from '../features/catalog/featured-products.tsx';
import { Hero } from '../features/hero/hero.tsx';
import { UnsubscribeNotice } from '../features/marketing/unsubscribe-notice.tsx';
import { Testimonials } from '../features/testimonials/testimonials.tsx';
import { WhenVisible } from '../shared/when-visible.tsx';
import styles from './home-page.module.css';

// The form and its validation sit at the bottom: fetched when the shopper nears them.
const ContactSection = lazy(async () => ({
  default: (await import('../features/contact/contact-section.tsx')).ContactSection,
}));

/** / (product.md §2): hero, about, 3 featured products, testimonials and the contact section. */
export default function HomePage() {
  return (
    <>
      <UnsubscribeNotice />
      <Hero />
      <AboutSection />
      <FeaturedProducts />
      <Testimonials />
      <section className={styles.contact} aria-labelledby="home-contact-title">
        <h2 id="home-contact-title" className={styles.contactTitle}>
          Hubungi Kami
        </h2>
        <p className={styles.contactLead}>Ada pertanyaan tentang parfum kami? Kami siap membantu.</p>
        <WhenVisible placeholder={styles.contactPlaceholder}>
          <Suspense
            fallback={
              <Loading label="Memuat formulir kontak...">
                <SkeletonText lines={6} />
              </Loading>
            }
          >
            <ContactSection hours="home" headingAs="h3" />
          </Suspense>
        </WhenVisible>
      </section>
    </>
  );
}
