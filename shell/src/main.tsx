import '@gi/ui/tokens.css';
import './app/prepaint.css';
import { HYDRATE_ATTRIBUTE } from '@gi/contracts/web';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
if (root.hasAttribute(HYDRATE_ATTRIBUTE)) {
  // The server's HTML is this render (shell/src/ssr.tsx and the remote's page): React adopts
  // its nodes, the layout at once, the page once its remote's module arrives. Hydration yields
  // to the browser between slices, so no long task blocks a tap.
  hydrateRoot(root, app);
} else {
  // A transition renders in slices too: the static bar of index.html stays on show meanwhile.
  startTransition(() => {
    createRoot(root).render(app);
  });
}
