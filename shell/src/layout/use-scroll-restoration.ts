import { type Location, useLocation, useNavigationType } from '@gi/platform';
import { useEffect, useLayoutEffect, useRef } from 'react';

const STORAGE_KEY = 'gi-scroll';
/** Positions kept for this many history entries of the tab, the latest. */
const MAX_ENTRIES = 50;
/** How long a position waits for its page's content (its remote may still be loading). */
const RESTORE_WAIT_MS = 3000;

type Positions = Map<string, number>;

function load(): Positions {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    return new Map(Array.isArray(saved) ? (saved as [string, number][]) : []);
  } catch {
    return new Map();
  }
}

function persist(positions: Positions): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions].slice(-MAX_ENTRIES)));
  } catch {
    // Storage full or blocked: positions live as long as the page.
  }
}

/** The history entry the browser is on now (react-router keeps its key in history.state). */
const entryKey = () => (window.history.state as { key?: string } | null)?.key ?? 'default';

/**
 * Scrolls to `top` once the page is tall enough for it (a page whose remote is still loading is
 * short), until RESTORE_WAIT_MS have passed or the shopper scrolls or taps first.
 */
function restore(top: number): () => void {
  const started = performance.now();
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of ['wheel', 'touchstart', 'keydown'] as const) window.removeEventListener(type, stop);
  };
  const attempt = () => {
    const room = document.documentElement.scrollHeight - window.innerHeight;
    window.scrollTo(0, Math.min(top, Math.max(room, 0)));
    if (room >= top || performance.now() - started > RESTORE_WAIT_MS) return stop();
    frame = requestAnimationFrame(attempt);
  };
  for (const type of ['wheel', 'touchstart', 'keydown'] as const)
    window.addEventListener(type, stop, { passive: true });
  attempt();
  return stop;
}

/**
 * The router's scroll restoration, which the declarative router lacks: a new page opens at its
 * top (or its #anchor), Back and Forward return to where the shopper was on that entry. The
 * document's own load (server-rendered, a reload) is the browser's: the first render, hydration
 * included, scrolls nothing. Replacing the entry on the same page (typing a search) keeps the place.
 */
export function useScrollRestoration(): void {
  const location = useLocation();
  const type = useNavigationType();
  const positions = useRef<Positions | null>(null);
  const shown = useRef<Location>(location);

  useEffect(() => {
    positions.current ??= load();
    const saved = positions.current;
    // Only while the entry is the one on screen: Back changes history.state before the page follows.
    const record = () => {
      if (entryKey() === shown.current.key) saved.set(shown.current.key, window.scrollY);
    };
    const keep = () => persist(saved);
    window.addEventListener('scroll', record, { passive: true });
    window.addEventListener('pagehide', keep);
    return () => {
      window.removeEventListener('scroll', record);
      window.removeEventListener('pagehide', keep);
    };
  }, []);

  useLayoutEffect(() => {
    const previous = shown.current;
    shown.current = location;
    if (previous === location) return;
    if (type === 'POP') {
      positions.current ??= load();
      return restore(positions.current.get(location.key) ?? 0);
    }
    if (type === 'REPLACE' && previous.pathname === location.pathname) return;
    const anchor = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (anchor) anchor.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [location, type]);
}
