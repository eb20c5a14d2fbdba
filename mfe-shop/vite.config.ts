import { remoteBuild } from '@gi/contracts/remote-table';
import { renderingRemoteConfig } from '@gi/federation';
import { defineConfig } from 'vitest/config';
import { exposes } from './exposes.ts';

export default defineConfig(
  renderingRemoteConfig({
    ...remoteBuild('shop'),
    exposes,
    // The contact form validates with zod; the catalogue's search and filters, the product
    // page's sizes, buy bar, 'Beli Sekarang', gallery, scent notes (with the contracts' scent labels and photo
    // sizes) and related products, and the shipping page's zones and rates serve one page
    // each: their chunks load with those pages, not with every page. A heart's press, the
    // 'Favorit' page, the 'Kabari Saya' form, the unsubscribe notice and the trust marks
    // likewise (decision 048): only the heart itself is on every page.
    separate:
      /src[/](whatsapp|features[/](contact|reviews|cart-button[/]buy-now-button|content[/]shipping-rates|catalog[/](product-(filters|search|detail|gallery)|size-picker|related-products)|favorites[/](favorite-actions|api)|back-in-stock[/]|marketing[/]unsubscribe-outcome|trust[/])|pages[/](contact|products|product-detail|shipping|favorites)-page)|contracts[/]src[/](scent|product-page|unsubscribe-outcomes|favorites-merge|trust-marks-link)\.ts$|ui[/]src[/](downsize-image|photo-upload)\.ts$/,
  }),
);
