// What only the product page shows, in its own module so that it loads with that page
// (mfe-shop keeps it out of its app chunk) and not on every first visit.

/** The product photo's `sizes`: a phone's width less the page's 1rem sides, half of a wide page. */
export const DETAIL_IMAGE_SIZES = '(min-width: 768px) 36rem, calc(100vw - 2rem)';

/** The product page's query parameter that opens the review form (a delivered order's 'Tulis Ulasan'). */
export const WRITE_REVIEW_PARAM = 'ulas';
