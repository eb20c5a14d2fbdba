import { renderStandalone } from '@gi/ui';
import AdminLoginPage from '../features/auth/admin-login-page.tsx';

renderStandalone({ '/': AdminLoginPage, '/admin/login': AdminLoginPage });
