import { renderStandalone } from '@gi/ui';
import HomePage from '../features/home/home-page.tsx';

renderStandalone({ '/': HomePage });
