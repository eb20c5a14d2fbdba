/** What this remote offers the shell and the other remotes (federation `exposes`). */
export const exposes = {
  './CartPage': './src/pages/cart-page.tsx',
  './AddToCartButton': './src/features/cart/add-to-cart-button.tsx',
  './LoginPage': './src/pages/login-page.tsx',
  './RegisterPage': './src/pages/register-page.tsx',
  './ForgotPasswordPage': './src/pages/forgot-password-page.tsx',
  './ResetPasswordPage': './src/pages/reset-password-page.tsx',
  './OrderPage': './src/pages/order-page.tsx',
  './AccountOrdersPage': './src/pages/account-orders-page.tsx',
};
