import { remoteBuild } from '@gi/contracts/remote-table';
import { renderingRemoteConfig } from '@gi/federation';
import { defineConfig } from 'vitest/config';
import { exposes } from './exposes.ts';

export default defineConfig(
  renderingRemoteConfig({
    ...remoteBuild('shop'),
    exposes,
    // The contact form validates with zod; the catalogue's search and filters, the product
    // page's sizes, buy bar, 'Beli Sekarang', gallery, scent notes (with the contracts' photo
    // sizes) and related products, and the shipping page's zones and rates serve one page
    // each: their chunks load with those pages, not with every page. So do the pages no
    // first visit to `/` needs (about, collections, FAQ, policies, 'Cari Aroma' with its
    // questions) and @gi/ui's form fields, which only those chunks use (decision 044: 3 KiB gzip
    // off `/`). The scent labels stay in the app chunk: the catalogue, the product page and the
    // finder share them, and a chunk of their own would be the product page's 31st file. A
    // heart's press, the 'Favorit' page, the 'Kabari Saya' form, the unsubscribe notice and the
    // trust marks likewise (decision 048): only the heart itself is on every page.
    separate:
      /src[/](whatsapp|form\.tsx|features[/](contact|reviews|collections[/]collection-|content|cart-button[/]buy-now-button|catalog[/](product-(filters|search|detail|gallery)|size-picker|related-products)|favorites[/](favorite-actions|api)|back-in-stock[/]|marketing[/]unsubscribe-outcome|trust[/])|pages[/](about|collections?|contact|faq|privacy|terms|products|product-detail|shipping|scent-finder|favorites)-page)|features[/]finder|contracts[/]src[/](scent-finder|product-page|unsubscribe-outcomes|favorites-merge|trust-marks-link)\.ts$|ui[/]src[/](downsize-image|photo-upload)\.ts$/,
  }),
);
