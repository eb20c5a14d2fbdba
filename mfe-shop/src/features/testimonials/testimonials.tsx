import { api, initialApiAnswer } from '@gi/contracts/api';
import { PUBLIC_QUERIES, TESTIMONIAL_COUNT } from '@gi/contracts/web';
import { Link, queryOptions, useQuery } from '@gi/platform';
import { Loading, SkeletonText } from '@gi/ui/states';
import type { ReactNode } from 'react';
import styles from './testimonials.module.css';

interface Testimonial {
  id: string;
  name: string;
  /** What the shopper reads under the name: who they are, or where the verified buyer's review is from. */
  title: ReactNode;
  content: string;
  rating?: number;
}

/** product.md §2: three testimonials on the home page, written into the code until reviews replace them. */
const written: readonly Testimonial[] = [
  {
    id: '1',
    name: 'Sari Wulandari',
    title: 'Pelanggan Setia, Jakarta',
    content:
      'Aromanya lembut tapi tahan lama, masih tercium sampai malam. Botolnya juga cantik, cocok dipajang di meja rias.',
  },
  {
    id: '2',
    name: 'Rudi Hartono',
    title: 'Pengusaha, Surabaya',
    content:
      'Saya memesan Edisi Mewah untuk hadiah klien. Kemasannya elegan dan pengirimannya cepat. Klien saya sangat senang.',
  },
  {
    id: '3',
    name: 'Dewi Anggraini',
    title: 'Penata Rias, Bandung',
    content:
      'Kualitasnya setara parfum impor, tapi dengan karakter aroma yang khas Indonesia. Sekarang jadi parfum andalan saya.',
  },
];

/** The best published reviews (decision 047): the page is served with them. */
export const testimonialsQuery = queryOptions({
  queryKey: [PUBLIC_QUERIES, 'testimonials'] as const,
  queryFn: async () => (await api('GET /reviews/best')).items,
  initialData: () => initialApiAnswer('GET /reviews/best')?.items,
});

/**
 * 'Apa Kata Pelanggan Kami': the best published reviews once there are TESTIMONIAL_COUNT of them
 * (the reviewer's first name, the product linked), else, or when they cannot load, the written three.
 */
export function Testimonials() {
  const { data, isPending } = useQuery(testimonialsQuery);
  const shown: readonly Testimonial[] =
    data?.length === TESTIMONIAL_COUNT
      ? data.map((review) => ({
          id: review.id,
          name: review.author,
          title: (
            <>
              Pembeli Terverifikasi · <Link to={`/product/${review.productId}`}>{review.productName}</Link>
            </>
          ),
          content: review.body,
          rating: review.rating,
        }))
      : written;
  return (
    <section className={styles.section} aria-labelledby="testimonials-title">
      <div className={styles.inner}>
        <h2 id="testimonials-title" className={styles.title}>
          Apa Kata Pelanggan Kami
        </h2>
        {isPending ? (
          <Loading label="Memuat ulasan pelanggan...">
            <SkeletonText lines={4} />
          </Loading>
        ) : (
          <ul className={styles.list}>
            {shown.map((testimonial) => (
              <li key={testimonial.id}>
                <figure className={styles.card}>
                  {testimonial.rating !== undefined && (
                    <span
                      className={styles.stars}
                      role="img"
                      aria-label={`${testimonial.rating} dari 5 bintang`}
                    >
                      {'★'.repeat(testimonial.rating)}
                    </span>
                  )}
                  <blockquote className={styles.quote}>
                    <p>“{testimonial.content}”</p>
                  </blockquote>
                  <figcaption className={styles.author}>
                    <span className={styles.name}>{testimonial.name}</span>
                    <span className={styles.role}>{testimonial.title}</span>
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
