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
// In a transition React works in slices that yield to the browser, so no long task blocks a
// tap; outside one, hydrateRoot would adopt the whole layout in one task (its default lane is
// a blocking one) and createRoot would render it in one.
startTransition(() => {
  if (root.hasAttribute(HYDRATE_ATTRIBUTE)) {
    // The server's HTML is this render (shell/src/ssr.tsx and the remote's page): React adopts
    // its nodes, the layout at once, the page once its remote's module arrives.
    hydrateRoot(root, app);
  } else {
    // index.html's static bar, or the layout without its page, stays on show meanwhile.
    createRoot(root).render(app);
  }
});
