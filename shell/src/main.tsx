import '@gi/ui/tokens.css';
import './app/prepaint.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { captureFirstScreen } from './remotes/first-screen.ts';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
captureFirstScreen();
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
