import {
  MAX_REVIEW_PHOTOS,
  MAX_WEAR_HOURS,
  type OwnReview,
  type ReviewInput,
  type ReviewOccasion,
  type ReviewProjection,
  reviewInputSchema,
  reviewOccasions,
  reviewProjections,
} from '@gi/contracts';
import { api } from '@gi/contracts/api';
import { ApiError } from '@gi/contracts/client';
import { useMutation, useQueryClient } from '@gi/platform';
import { errorMessage } from '@gi/session';
import { buttonClass, Field, TextAreaField, toast, toastError, useZodForm } from '@gi/ui';
import { photoUploadBody } from '@gi/ui/photo-upload';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { occasionLabels, projectionLabels } from './labels.ts';
import { linkReviewQuery, myReviewQuery } from './my-review.tsx';
import styles from './review-form.module.css';

interface Photo {
  key: string;
  url: string;
}

const IMAGES = '/images/';
/** A stored photo's key is its URL's last part (`/images/<key>`), as the upload answered it. */
const photoOf = (url: string): Photo => ({ key: url.slice(IMAGES.length), url });

/**
 * Writing or editing a review: stars, text, up to 3 photos (the product photos' upload) and the
 * tropical wear-test, checked with the API's own schema. Saving sends it to moderation.
 */
export function ReviewForm({
  productId,
  review,
  linkToken,
  onDone,
}: {
  productId: string;
  review: OwnReview | null;
  /** A review request email's token: the review and its photos go through the link (decision 047). */
  linkToken?: string;
  onDone: () => void;
}) {
  const id = useId();
  const client = useQueryClient();
  const [rating, setRating] = useState(review?.rating ?? 0);
  const [body, setBody] = useState(review?.body ?? '');
  const [photos, setPhotos] = useState<Photo[]>(() => review?.photos.map((p) => photoOf(p.url)) ?? []);
  const [uploading, setUploading] = useState(false);
  const [wearOn, setWearOn] = useState(!!review?.wearTest);
  const [hours, setHours] = useState(review?.wearTest ? String(review.wearTest.hours) : '');
  const [projection, setProjection] = useState<ReviewProjection | undefined>(review?.wearTest?.projection);
  const [occasions, setOccasions] = useState<ReviewOccasion[]>(review?.wearTest?.occasions ?? []);
  const [heat, setHeat] = useState(review?.wearTest?.heat ?? false);

  const values = useMemo(
    () => ({
      rating: rating || undefined,
      body,
      photos: photos.map((photo) => photo.key),
      wearTest: wearOn
        ? { hours: hours === '' ? undefined : Number(hours), projection, occasions, heat }
        : null,
    }),
    [rating, body, photos, wearOn, hours, projection, occasions, heat],
  );
  const { errors, setErrors, parse } = useZodForm(reviewInputSchema, { values });

  const save = useMutation({
    mutationFn: ({ photos, ...rest }: ReviewInput) =>
      linkToken
        ? api('POST /reviews/link', { body: { token: linkToken, review: { photos, ...rest } } })
        : review
          ? api('PUT /reviews/{id}', { params: { id: review.id }, body: { photos, ...rest } })
          : api('POST /products/{id}/reviews', { params: { id: productId }, body: { photos, ...rest } }),
    onSuccess: (saved) => {
      if (linkToken) {
        client.setQueryData(linkReviewQuery(linkToken).queryKey, {
          productId,
          eligible: true,
          review: saved,
        });
      } else {
        client.setQueryData(myReviewQuery(productId).queryKey, { eligible: true, review: saved });
      }
      toast({ title: 'Ulasan terkirim', description: 'Ulasan Anda tampil setelah diperiksa admin.' });
      onDone();
    },
    onError: (error) => {
      if (error instanceof ApiError) setErrors(error.fields);
      toastError(errorMessage(error, 'Gagal menyimpan ulasan. Silakan coba lagi.'));
    },
  });

  async function addPhotos(files: FileList | null) {
    const chosen = [...(files ?? [])].slice(0, MAX_REVIEW_PHOTOS - photos.length);
    if (chosen.length === 0) return;
    setUploading(true);
    try {
      for (const file of chosen) {
        const body = await photoUploadBody(file);
        // Through an email's link the token stands in for the session: that product's review only.
        if (linkToken) body.set('token', linkToken);
        const uploaded = linkToken
          ? await api('POST /reviews/link/photos', { body })
          : await api('POST /reviews/photos', { body });
        setPhotos((current) => [...current, { key: uploaded.key, url: uploaded.url }]);
      }
    } catch (error) {
      toastError(errorMessage(error, 'Gagal mengunggah foto. Silakan coba lagi.'));
    } finally {
      setUploading(false);
    }
  }

  /** Through the link a photo removed also leaves the server, so it frees one of the link's three. */
  async function removePhoto(photo: Photo) {
    if (linkToken) {
      try {
        await api('DELETE /reviews/link/photos/{key}', {
          params: { key: photo.key },
          query: { token: linkToken },
        });
      } catch (error) {
        toastError(errorMessage(error, 'Gagal menghapus foto. Silakan coba lagi.'));
        return;
      }
    }
    setPhotos((list) => list.filter((p) => p.key !== photo.key));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending || uploading) return;
    const input = parse();
    if (input) save.mutate(input);
  }

  const toggleOccasion = (occasion: ReviewOccasion) =>
    setOccasions((list) =>
      list.includes(occasion) ? list.filter((o) => o !== occasion) : [...list, occasion],
    );

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Tulis ulasan">
      <fieldset className={styles.group}>
        <legend>Penilaian Anda</legend>
        <div className={styles.stars}>
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className={styles.star} data-on={n <= rating || undefined}>
              <input
                type="radio"
                name="rating"
                value={n}
                checked={rating === n}
                onChange={() => setRating(n)}
                aria-label={`${n} bintang`}
              />
              <span aria-hidden="true">★</span>
            </label>
          ))}
        </div>
        {errors.rating && <p className={styles.error}>{errors.rating}</p>}
      </fieldset>
      <TextAreaField
        label="Ulasan"
        name="body"
        rows={5}
        value={body}
        onChange={(event) => setBody(event.target.value)}
        error={errors.body}
        required
      />
      <fieldset className={styles.group}>
        <legend>Foto (maksimal {MAX_REVIEW_PHOTOS})</legend>
        {photos.length > 0 && (
          <ul className={styles.photos}>
            {photos.map((photo) => (
              <li key={photo.key}>
                <img src={photo.url} alt="Foto ulasan" width={72} height={72} />
                <button type="button" className={styles.remove} onClick={() => void removePhoto(photo)}>
                  Hapus
                </button>
              </li>
            ))}
          </ul>
        )}
        {photos.length < MAX_REVIEW_PHOTOS && (
          <label className={styles.upload}>
            {uploading ? 'Mengunggah...' : 'Tambah Foto'}
            <input
              type="file"
              accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
              multiple
              disabled={uploading}
              onChange={(event) => {
                void addPhotos(event.currentTarget.files);
                event.currentTarget.value = '';
              }}
            />
          </label>
        )}
        {errors.photos && <p className={styles.error}>{errors.photos}</p>}
      </fieldset>
      <fieldset className={styles.group}>
        <legend>Uji Pakai di Iklim Tropis</legend>
        <label className={styles.check}>
          <input type="checkbox" checked={wearOn} onChange={(event) => setWearOn(event.target.checked)} />
          Saya ingin berbagi hasil uji pakai
        </label>
        {wearOn && (
          <>
            <Field
              label="Berapa jam aromanya bertahan?"
              name="wearTest.hours"
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_WEAR_HOURS}
              value={hours}
              onChange={(event) => setHours(event.target.value)}
              error={errors['wearTest.hours']}
            />
            <div role="radiogroup" aria-labelledby={`${id}-projection`} className={styles.options}>
              <span id={`${id}-projection`}>Proyeksi</span>
              {reviewProjections.map((value) => (
                <label key={value} className={styles.check}>
                  <input
                    type="radio"
                    name="wearTest.projection"
                    checked={projection === value}
                    onChange={() => setProjection(value)}
                  />
                  {projectionLabels[value]}
                </label>
              ))}
            </div>
            {errors['wearTest.projection'] && <p className={styles.error}>{errors['wearTest.projection']}</p>}
            <fieldset className={styles.options}>
              <legend>Dipakai untuk</legend>
              {reviewOccasions.map((value) => (
                <label key={value} className={styles.check}>
                  <input
                    type="checkbox"
                    checked={occasions.includes(value)}
                    onChange={() => toggleOccasion(value)}
                  />
                  {occasionLabels[value]}
                </label>
              ))}
            </fieldset>
            <label className={styles.check}>
              <input type="checkbox" checked={heat} onChange={(event) => setHeat(event.target.checked)} />
              Dipakai saat cuaca panas dan lembap
            </label>
          </>
        )}
      </fieldset>
      <div className={styles.actions}>
        <button type="submit" className={buttonClass.primary} disabled={save.isPending || uploading}>
          {save.isPending ? 'Mengirim...' : 'Kirim Ulasan'}
        </button>
        <button type="button" className={buttonClass.secondary} onClick={onDone}>
          Batal
        </button>
      </div>
    </form>
  );
}
