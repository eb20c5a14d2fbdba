// Zod-free, for the product page (decision 043's trust marks).

/** BPOM's public check of a registered product (cekbpom), where the page links the number. */
export const BPOM_CHECK_URL = 'https://cekbpom.pom.go.id/';
