import { HYDRATE_ATTRIBUTE } from '@gi/contracts/web';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { holdUrlStateControls } from '../remotes/inert-controls.ts';
import { App } from './app.tsx';

/**
 * Starts the shop in `#root`. In a transition React works in slices that yield to the
 * browser, so no long task blocks a tap; outside one, hydrateRoot would adopt the whole
 * layout in one task (its default lane is a blocking one) and createRoot render it in one.
 */
export function startApp(root: HTMLElement): Root {
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  const hydrate = root.hasAttribute(HYDRATE_ATTRIBUTE);
  if (hydrate) holdUrlStateControls(root);
  // Without the mark: index.html's static bar, or the layout without its page, stays on show meanwhile.
  const created = hydrate ? undefined : createRoot(root);
  let hydrated: Root | undefined;
  startTransition(() => {
    if (created) created.render(app);
    // The server's HTML is this render (shell/src/ssr.tsx and the remote's page): React adopts
    // its nodes, the layout at once, the page once its remote's module arrives.
    else hydrated = hydrateRoot(root, app);
  });
  // startTransition runs its callback at once.
  return created ?? (hydrated as Root);
}
