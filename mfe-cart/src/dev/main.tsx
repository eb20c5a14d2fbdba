import { renderStandalone } from '@gi/ui';
import CartPage from '../features/cart/cart-page.tsx';

renderStandalone({ '/': CartPage, '/cart': CartPage });
