// A discovery set's stock is its samples' (decision 061): the one rule every answer, the cart's
// check and 'Kabari Saya' read, apart from services/discovery-sets.ts so that the asks
// (services/back-in-stock.ts), which the set's composing marks due, read it without a cycle.

/**
 * A size's stock as the shop shows and sells it, as SQL over the size's row `alias`: a set's is
 * the fewest sets its counted components make (uncounted ones do not limit it); a plain size's
 * its own. Raw SQL because the answers' JSON columns (services/products.ts) are written so.
 */
export const shownStockSql = (alias: string) =>
  `coalesce((SELECT min(c.stock / vc.quantity) FROM variant_components AS vc
    JOIN product_variants AS c ON c.id = vc.component_variant_id
    WHERE vc.set_variant_id = ${alias}.id), ${alias}.stock)`;
