import { useSyncExternalStore } from 'react';

let scrollY = 0;

function subscribe(onChange: () => void) {
  const read = () => {
    scrollY = window.scrollY;
    onChange();
  };
  window.addEventListener('scroll', read, { passive: true });
  // Reading scrollY right after React's commit would force the new page's layout inside that
  // task; in the next frame the layout is due anyway. It also catches a scroll made before boot.
  const frame = requestAnimationFrame(read);
  return () => {
    cancelAnimationFrame(frame);
    window.removeEventListener('scroll', read);
  };
}

/** True while the page is scrolled more than `threshold` pixels. */
export function useScrollPast(threshold: number): boolean {
  return useSyncExternalStore(
    subscribe,
    () => scrollY > threshold,
    () => false,
  );
}
