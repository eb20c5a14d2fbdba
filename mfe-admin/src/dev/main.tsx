import { renderStandalone } from '@gi/ui';
import AdminLoginPage from '../pages/admin-login-page.tsx';
import AdminPage from '../pages/admin-page.tsx';
import ManageProductsPage from '../pages/manage-products-page.tsx';

renderStandalone({
  '/': AdminPage,
  '/admin': AdminPage,
  '/admin/login': AdminLoginPage,
  '/manage-products': ManageProductsPage,
  // The customer login (where guests are sent) belongs to mfe-cart; alone, the admin login stands in.
  '/login': AdminLoginPage,
});
