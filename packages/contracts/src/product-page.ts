// What only the product page shows, in its own module so that it loads with that page
// (mfe-shop keeps it out of its app chunk) and not on every first visit.

/** The product photo's `sizes`: a phone's width less the page's 1rem sides, half of a wide page. */
export const DETAIL_IMAGE_SIZES = '(min-width: 768px) 36rem, calc(100vw - 2rem)';

/** The product page's query parameter that opens the review form (a delivered order's 'Tulis Ulasan'). */
export const WRITE_REVIEW_PARAM = 'ulas';

/**
 * The first page of a product's reviews as its page reads it: the Worker answers it into the page
 * (the rating under the name, the JSON-LD) and the reviews section starts with the same answer.
 */
export const FIRST_REVIEWS_QUERY = { sort: 'newest', page: 1, pageSize: 10 } as const;
