import styles from './testimonials.module.css';

interface Testimonial {
  id: number;
  name: string;
  title: string;
  content: string;
}

/** product.md §2: three testimonials on the home page, written into the code. */
const testimonials: readonly Testimonial[] = [
  {
    id: 1,
    name: 'Sari Wulandari',
    title: 'Pelanggan Setia, Jakarta',
    content:
      'Aromanya lembut tapi tahan lama, masih tercium sampai malam. Botolnya juga cantik, cocok dipajang di meja rias.',
  },
  {
    id: 2,
    name: 'Rudi Hartono',
    title: 'Pengusaha, Surabaya',
    content:
      'Saya memesan Edisi Mewah untuk hadiah klien. Kemasannya elegan dan pengirimannya cepat. Klien saya sangat senang.',
  },
  {
    id: 3,
    name: 'Dewi Anggraini',
    title: 'Penata Rias, Bandung',
    content:
      'Kualitasnya setara parfum impor, tapi dengan karakter aroma yang khas Indonesia. Sekarang jadi parfum andalan saya.',
  },
];

export function Testimonials() {
  return (
    <section className={styles.section} aria-labelledby="testimonials-title">
      <div className={styles.inner}>
        <h2 id="testimonials-title" className={styles.title}>
          Apa Kata Pelanggan Kami
        </h2>
        <ul className={styles.list}>
          {testimonials.map((testimonial) => (
            <li key={testimonial.id}>
              <figure className={styles.card}>
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
      </div>
    </section>
  );
}
