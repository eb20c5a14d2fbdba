import { renderStandalone } from '@gi/ui';
import CartPage from '../pages/cart-page.tsx';
import LoginPage from '../pages/login-page.tsx';
import OrderPage from '../pages/order-page.tsx';
import RegisterPage from '../pages/register-page.tsx';

renderStandalone({
  '/': CartPage,
  '/cart': CartPage,
  '/login': LoginPage,
  '/orders/:id': OrderPage,
  '/customer/login': LoginPage,
  '/customer/register': RegisterPage,
});
