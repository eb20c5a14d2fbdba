import type { ScentMatch } from '@gi/contracts';
import {
  concentrationLabels,
  concentrations,
  type FinderChoice,
  finderBudgets,
  finderMoodLabels,
  finderMoods,
  finderNoteLabels,
  finderNotes,
  finderOccasionLabels,
  finderOccasions,
  formatRupiah,
  formatSize,
  genderLabels,
  genders,
  parseFinderChoice,
  SAMPLE_MAX_ML,
} from '@gi/contracts/web';
import { Link, useQuery, useSearchParams } from '@gi/platform';
import { buttonClass, SelectField, useErrorToast } from '@gi/ui';
import { EmptyState, ErrorState, Loading, SkeletonText } from '@gi/ui/states';
import { type FormEvent, useId, useMemo } from 'react';
import { SizePrice } from '../features/catalog/sale-price.tsx';
import { scentFinderQuery } from '../features/finder/api.ts';
import page from '../shared/page.module.css';
import { ShopImage } from '../shared/shop-image.tsx';
import { urlState } from '../shared/url-state.ts';
import styles from './scent-finder-page.module.css';

/**
 * /cari-aroma ('Cari Aroma', issue 41, decision 044): a few questions, then the best matches with
 * why each matches and its sample first. A plain GET form: without JavaScript the server renders
 * the matches of the URL's answers; with it, the answers become a new history entry.
 */
export default function ScentFinderPage() {
  const [params, setParams] = useSearchParams();
  const choice = useMemo(() => parseFinderChoice(params), [params]);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setParams(new URLSearchParams(new FormData(event.currentTarget) as unknown as string[][]));
  };

  return (
    <div className={page.page}>
      <header className={page.header}>
        <h1 className={page.title}>Cari Aroma</h1>
        <p className={page.lead}>
          Parfum tidak bisa dicium lewat layar. Jawab beberapa pertanyaan, kami carikan yang paling cocok
          beserta alasannya, mulai dari ukuran sampel.
        </p>
      </header>
      {choice && <Matches choice={choice} />}
      {/* Keyed by the URL: Back shows that entry's answers. */}
      <form
        key={params.toString()}
        method="get"
        action="/cari-aroma"
        className={styles.form}
        onSubmit={onSubmit}
      >
        <Choice name="gender" label="Untuk siapa?" any="Siapa saja" value={choice?.gender}>
          {genders.map((gender) => [gender, genderLabels[gender]])}
        </Choice>
        <Choice name="mood" label="Suasana yang dicari" any="Apa saja" value={choice?.mood}>
          {finderMoods.map((mood) => [mood, finderMoodLabels[mood]])}
        </Choice>
        <Choice name="occasion" label="Untuk acara" any="Kapan saja" value={choice?.occasion}>
          {finderOccasions.map((occasion) => [occasion, finderOccasionLabels[occasion]])}
        </Choice>
        <fieldset className={styles.notes}>
          <legend>Aroma yang Anda suka (paling banyak 5)</legend>
          {finderNotes.map((note) => (
            <label key={note} className={styles.note}>
              <input
                type="checkbox"
                name="note"
                value={note}
                defaultChecked={choice?.notes.includes(note)}
                {...urlState}
              />
              {finderNoteLabels[note]}
            </label>
          ))}
        </fieldset>
        <Choice name="concentration" label="Kekuatan aroma" any="Apa saja" value={choice?.concentration}>
          {concentrations.map((concentration) => [concentration, concentrationLabels[concentration]])}
        </Choice>
        <Choice name="budget" label="Anggaran" any="Berapa saja" value={choice?.budget?.toString()}>
          {finderBudgets.map((budget) => [String(budget), `Sampai ${formatRupiah(budget)}`])}
        </Choice>
        <button type="submit" className={buttonClass.primary} {...urlState}>
          {choice ? 'Cari Lagi' : 'Cari Aroma'}
        </button>
      </form>
    </div>
  );
}

/** One question as the shared select field: its empty choice is no answer. */
function Choice({
  name,
  label,
  any,
  value,
  children,
}: {
  name: string;
  label: string;
  any: string;
  value: string | undefined;
  children: string[][];
}) {
  return (
    <SelectField label={label} name={name} defaultValue={value ?? ''} {...urlState}>
      <option value="">{any}</option>
      {children.map(([option, text]) => (
        <option key={option} value={option}>
          {text}
        </option>
      ))}
    </SelectField>
  );
}

function Matches({ choice }: { choice: FinderChoice }) {
  const headingId = useId();
  const { data, isPending, isError, refetch } = useQuery(scentFinderQuery(choice));
  useErrorToast(isError, 'Gagal mencari aroma. Silakan coba lagi.');
  if (isPending)
    return (
      <Loading label="Mencari parfum yang cocok...">
        <SkeletonText lines={4} />
      </Loading>
    );
  if (isError) return <ErrorState message="Gagal mencari aroma." onRetry={() => refetch()} />;
  if (!data.length)
    return <EmptyState>Belum ada parfum yang cocok. Coba longgarkan jawaban Anda di bawah.</EmptyState>;
  return (
    <section aria-labelledby={headingId} className={styles.matches}>
      <h2 id={headingId} className={styles.heading}>
        Paling cocok untuk Anda
      </h2>
      <ol className={styles.list}>
        {data.map((match, index) => (
          <li key={match.product.id}>
            <Match match={match} priority={index < 2} />
          </li>
        ))}
      </ol>
    </section>
  );
}

function Match({ match: { product, reasons }, priority }: { match: ScentMatch; priority: boolean }) {
  const nameId = useId();
  return (
    <article className={styles.match} aria-labelledby={nameId}>
      <ShopImage
        src={product.image}
        alt={product.name}
        width={400}
        height={400}
        className={styles.image}
        priority={priority}
        widths={product.image_widths}
        sizes="(min-width: 40rem) 10rem, 6rem"
      />
      <div className={styles.body}>
        <h3 id={nameId} className={styles.name}>
          <Link to={`/product/${product.id}`}>{product.name}</Link>
        </h3>
        <ul className={styles.reasons} aria-label="Kenapa cocok">
          {reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
        {/* Smallest first: a sample, where there is one, leads. */}
        <ul className={styles.sizes} aria-label="Ukuran dan harga">
          {product.variants.map((variant) => (
            <li key={variant.id}>
              {variant.size_ml !== null && variant.size_ml <= SAMPLE_MAX_ML && (
                <span className={styles.sample}>Sampel</span>
              )}
              {formatSize(variant.size_ml)}{' '}
              <strong>
                <SizePrice size={variant} />
              </strong>
            </li>
          ))}
        </ul>
      </div>
    </article>
  );
}
