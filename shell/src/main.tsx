import '@gi/ui/tokens.css';
import './app/prepaint.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { captureFirstScreen } from './remotes/first-screen.ts';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
captureFirstScreen();
// A transition renders in slices that yield to the browser: the first screen (the server's
// HTML or the static bar) stays on show meanwhile, and no long task blocks a tap.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
