import { useEffect, useState } from 'react';

// The first page's own content comes first on a slow phone: secondary parts of the
// layout (the navbar's cart badge) load once it is on screen, or after a few seconds.
const LATEST_MS = 4_000;

let markShown: () => void = () => {};
const firstPageShown = new Promise<void>((resolve) => {
  markShown = resolve;
});

/** Called once the route's page (or its error state) is on screen. */
export function markPageShown(): void {
  markShown();
}

/** True once the first page is on screen and the browser has a quiet moment. */
export function useAfterFirstPage(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let cancelled = false;
    const idle = () => {
      if (cancelled) return;
      if ('requestIdleCallback' in window) window.requestIdleCallback(() => !cancelled && setReady(true));
      else setReady(true);
    };
    const timer = setTimeout(idle, LATEST_MS);
    void firstPageShown.then(() => {
      clearTimeout(timer);
      idle();
    });
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, []);
  return ready;
}
