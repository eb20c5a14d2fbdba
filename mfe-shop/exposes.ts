/** What this remote offers the shell and the other remotes (federation `exposes`). */
export const exposes = {
  './HomePage': './src/pages/home-page.tsx',
  './AboutPage': './src/pages/about-page.tsx',
  './ProductsPage': './src/pages/products-page.tsx',
  './ProductDetailPage': './src/pages/product-detail-page.tsx',
  './CollectionsPage': './src/pages/collections-page.tsx',
  './CollectionPage': './src/pages/collection-page.tsx',
  './ContactPage': './src/pages/contact-page.tsx',
  './FaqPage': './src/pages/faq-page.tsx',
  './ShippingPage': './src/pages/shipping-page.tsx',
  './PrivacyPage': './src/pages/privacy-page.tsx',
  './TermsPage': './src/pages/terms-page.tsx',
  './FavoritesPage': './src/pages/favorites-page.tsx',
  './ScentFinderPage': './src/pages/scent-finder-page.tsx',
};
