/** What this remote offers the shell and the other remotes (federation `exposes`). */
export const exposes = {
  './AdminLoginPage': './src/pages/admin-login-page.tsx',
  './AdminPage': './src/pages/admin-page.tsx',
  './ManageProductsPage': './src/pages/manage-products-page.tsx',
};
