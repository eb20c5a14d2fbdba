import {
  IMAGE_WIDTHS,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_VARIANT_BYTES,
  MAX_UNUSED_REVIEW_PHOTOS,
} from '@gi/contracts';
import { reviews } from '@gi/contracts/endpoints';
import { createRouter, defineEndpoint } from '../api/endpoint.ts';
import { getDb } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import { imageUpload, readImageCopies, readImageUpload } from '../lib/image-upload.ts';
import {
  createReviewByLink,
  deleteLinkPhoto,
  linkPhotoUploader,
  readReviewLink,
  tooManyLinkPhotos,
} from '../services/review-requests.ts';
import {
  addLinkPhoto,
  addReviewPhoto,
  createReview,
  hasDeliveredOrder,
  hideReview,
  listAdminReviews,
  publishReview,
  readMyReview,
  readReviewPage,
  readTestimonials,
  replyToReview,
  reviewNotAllowed,
  unusedPhotoCount,
  updateReview,
  voteHelpful,
} from '../services/reviews.ts';
import { deleteImage, putImage } from '../storage/images.ts';

// A review's photo follows the catalogue's upload rules: the same limit, reader and storage.
const photoLimit = imageUpload(MAX_IMAGE_BYTES + IMAGE_WIDTHS.length * MAX_IMAGE_VARIANT_BYTES);
const uploadPhoto = defineEndpoint(reviews.uploadPhoto, { use: [photoLimit] });
const linkUploadPhoto = defineEndpoint(reviews.linkUploadPhoto, { use: [photoLimit] });

/** Verified reviews (issue 41): the shoppers' list, the customer's own, the admin's moderation. */
export const reviewRoutes = createRouter()
  .openapi(defineEndpoint(reviews.list), async (c) =>
    c.json(await readReviewPage(getDb(c.env.DB), c.req.valid('param').id, c.req.valid('query')), 200),
  )
  .openapi(defineEndpoint(reviews.best), async (c) => c.json(await readTestimonials(getDb(c.env.DB)), 200))
  .openapi(defineEndpoint(reviews.mine), async (c) => {
    const userId = c.get('auth')?.userId as string;
    return c.json(await readMyReview(getDb(c.env.DB), userId, c.req.valid('param').id), 200);
  })
  .openapi(defineEndpoint(reviews.create), async (c) => {
    const userId = c.get('auth')?.userId as string;
    return c.json(
      await createReview(getDb(c.env.DB), userId, c.req.valid('param').id, c.req.valid('json')),
      201,
    );
  })
  .openapi(defineEndpoint(reviews.update), async (c) => {
    const userId = c.get('auth')?.userId as string;
    const { review, removedPhotos } = await updateReview(
      getDb(c.env.DB),
      userId,
      c.req.valid('param').id,
      c.req.valid('json'),
    );
    await Promise.all(removedPhotos.map((photo) => deleteImage(c.env.IMAGES, photo.key, photo.widths)));
    return c.json(review, 200);
  })
  .openapi(uploadPhoto, async (c) => {
    const db = getDb(c.env.DB);
    const userId = c.get('auth')?.userId as string;
    // Only a buyer who can review uploads, and only a few photos ahead of their reviews.
    if (!(await hasDeliveredOrder(db, userId))) throw reviewNotAllowed();
    if ((await unusedPhotoCount(db, userId)) >= MAX_UNUSED_REVIEW_PHOTOS) {
      throw new AppError(
        429,
        'too_many_photos',
        'Terlalu banyak foto yang belum dipakai di ulasan. Simpan ulasan Anda dulu.',
      );
    }
    const { bytes, type, size, form } = await readImageUpload(c, MAX_IMAGE_BYTES);
    const { widths, copies } = await readImageCopies(form);
    const key = await putImage(c.env.IMAGES, bytes, type, copies);
    await addReviewPhoto(db, userId, key, widths);
    return c.json({ url: `/images/${key}`, key, contentType: type.contentType, size, widths }, 201);
  })
  .openapi(defineEndpoint(reviews.vote), async (c) => {
    const userId = c.get('auth')?.userId as string;
    return c.json({ helpfulCount: await voteHelpful(getDb(c.env.DB), userId, c.req.valid('param').id) }, 200);
  })
  .openapi(defineEndpoint(reviews.linkRead), async (c) =>
    c.json(await readReviewLink(getDb(c.env.DB), c.req.valid('query').token, c.env.JWT_SECRET), 200),
  )
  .openapi(defineEndpoint(reviews.linkCreate), async (c) =>
    c.json(await createReviewByLink(getDb(c.env.DB), c.req.valid('json'), c.env.JWT_SECRET), 201),
  )
  .openapi(linkUploadPhoto, async (c) => {
    const db = getDb(c.env.DB);
    // The token travels in the form beside the photo: read within the body's limit, then checked first.
    const { bytes, type, size, form } = await readImageUpload(c, MAX_IMAGE_BYTES);
    const token = form.get('token');
    const owner = await linkPhotoUploader(db, typeof token === 'string' ? token : '', c.env.JWT_SECRET);
    const { widths, copies } = await readImageCopies(form);
    const key = await putImage(c.env.IMAGES, bytes, type, copies);
    if (!(await addLinkPhoto(db, owner, key, widths))) {
      await deleteImage(c.env.IMAGES, key, widths);
      throw tooManyLinkPhotos();
    }
    return c.json({ url: `/images/${key}`, key, contentType: type.contentType, size, widths }, 201);
  })
  .openapi(defineEndpoint(reviews.linkDeletePhoto), async (c) => {
    const { key, widths } = await deleteLinkPhoto(
      getDb(c.env.DB),
      c.req.valid('query').token,
      c.req.valid('param').key,
      c.env.JWT_SECRET,
    );
    await deleteImage(c.env.IMAGES, key, widths);
    return c.body(null, 204);
  })
  .openapi(defineEndpoint(reviews.adminList), async (c) =>
    c.json(await listAdminReviews(getDb(c.env.DB), c.req.valid('query')), 200),
  )
  .openapi(defineEndpoint(reviews.publish), async (c) =>
    c.json(
      await publishReview(getDb(c.env.DB), c.req.valid('param').id, c.get('auth')?.userId as string),
      200,
    ),
  )
  .openapi(defineEndpoint(reviews.hide), async (c) =>
    c.json(
      await hideReview(
        getDb(c.env.DB),
        c.req.valid('param').id,
        c.req.valid('json').reason,
        c.get('auth')?.userId as string,
      ),
      200,
    ),
  )
  .openapi(defineEndpoint(reviews.reply), async (c) =>
    c.json(
      await replyToReview(
        getDb(c.env.DB),
        c.req.valid('param').id,
        c.req.valid('json').reply,
        c.get('auth')?.userId as string,
      ),
      200,
    ),
  );
