import { useSyncExternalStore } from 'react';

/** A touch screen without a mouse: where an e-wallet's app opens from a link, not a QR. */
const PHONE = '(pointer: coarse)';

const media = () => (typeof window.matchMedia === 'function' ? window.matchMedia(PHONE) : null);

function subscribe(onChange: () => void) {
  const list = media();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

export const usePhone = () =>
  useSyncExternalStore(
    subscribe,
    () => media()?.matches ?? false,
    () => false,
  );
