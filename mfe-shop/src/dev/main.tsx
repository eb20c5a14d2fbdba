import { renderStandalone } from '@gi/ui';
import type { ComponentType } from 'react';
import { CartActionProvider } from '../features/cart-button/cart-button.tsx';
import AboutPage from '../pages/about-page.tsx';
import CollectionPage from '../pages/collection-page.tsx';
import CollectionsPage from '../pages/collections-page.tsx';
import ContactPage from '../pages/contact-page.tsx';
import FaqPage from '../pages/faq-page.tsx';
import HomePage from '../pages/home-page.tsx';
import PrivacyPage from '../pages/privacy-page.tsx';
import ProductDetailPage from '../pages/product-detail-page.tsx';
import ProductsPage from '../pages/products-page.tsx';
import ScentFinderPage from '../pages/scent-finder-page.tsx';
import ShippingPage from '../pages/shipping-page.tsx';
import TermsPage from '../pages/terms-page.tsx';
import { devAddToCart } from './dev-add-to-cart.ts';

function withDevCart(Page: ComponentType): ComponentType {
  return function DevPage() {
    return (
      <CartActionProvider value={devAddToCart}>
        <Page />
      </CartActionProvider>
    );
  };
}

renderStandalone({
  '/': HomePage,
  '/about': AboutPage,
  '/products': withDevCart(ProductsPage),
  '/product/:id': withDevCart(ProductDetailPage),
  '/collections': CollectionsPage,
  '/collections/:slug': CollectionPage,
  '/contact': ContactPage,
  '/faq': FaqPage,
  '/shipping': ShippingPage,
  '/privacy': PrivacyPage,
  '/terms': TermsPage,
  '/cari-aroma': ScentFinderPage,
});
