import { ADD_TO_CART_MODULE } from '@gi/contracts/web';

/** What this remote offers the shell (its pages) and the other remotes (what a buy button does). */
export const exposes = {
  './CartPage': './src/pages/cart-page.tsx',
  [ADD_TO_CART_MODULE]: './src/features/cart/add-to-cart.ts',
  './LoginPage': './src/pages/login-page.tsx',
  './RegisterPage': './src/pages/register-page.tsx',
  './ForgotPasswordPage': './src/pages/forgot-password-page.tsx',
  './ResetPasswordPage': './src/pages/reset-password-page.tsx',
  './OrderPage': './src/pages/order-page.tsx',
  './AccountOrdersPage': './src/pages/account-orders-page.tsx',
  './AccountPage': './src/pages/account-page.tsx',
};
