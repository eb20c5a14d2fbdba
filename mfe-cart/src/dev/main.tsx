import { renderStandalone } from '@gi/ui';
import CartPage from '../pages/cart-page.tsx';
import LoginPage from '../pages/login-page.tsx';
import RegisterPage from '../pages/register-page.tsx';

renderStandalone({
  '/': CartPage,
  '/cart': CartPage,
  '/login': LoginPage,
  '/customer/login': LoginPage,
  '/customer/register': RegisterPage,
});
