import { renderStandalone } from '@gi/ui';
import LoginPage from '../features/auth/login-page.tsx';
import RegisterPage from '../features/auth/register-page.tsx';
import CartPage from '../pages/cart-page.tsx';

renderStandalone({
  '/': CartPage,
  '/cart': CartPage,
  '/login': LoginPage,
  '/customer/login': LoginPage,
  '/customer/register': RegisterPage,
});
