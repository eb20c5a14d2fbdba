// How a server-rendered page starts its app: the functions of boot-loader.ts, apart so they can be tested.
import { type BootList, INERT_ATTRIBUTE } from '@gi/contracts/web';

/** Requests started per task: each costs the main thread 1 ms or more (measured under Lighthouse). */
export const BOOT_BATCH = 3;
/** A page that never paints (a background tab), or a browser without paint timing, starts this long after `load`. */
export const PAINT_WAIT_MS = 3_000;

/** Adds the boot list's modules to the document, BOOT_BATCH per task, so a tap between two batches is answered at once. */
export function startApp(doc: Document, { preloads, entries }: BootList): void {
  const module = (href: string) => () => {
    const script = doc.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = href;
    doc.head.append(script);
  };
  const preload = (href: string) => () => {
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    doc.head.append(link);
  };
  const queue = [...preloads.map(preload), ...entries.map(module)];
  const next = () => {
    for (const add of queue.splice(0, BOOT_BATCH)) add();
    if (queue.length) setTimeout(next, 0);
  };
  next();
}

/**
 * Starts the app once the page has loaded and its first paint is on screen. A page
 * that came with its first screen is readable and its links work before any script
 * runs, so the ~30 module scripts of the shell and the route's remote wait until its
 * photos and styles are in and shown, instead of sharing a slow link and the main
 * thread with them. The paint is the browser's own first-contentful-paint entry (a
 * frame can be presented well after `load`), then two more frames so a photo that
 * loaded with the page is presented too.
 */
export type BootWindow = Pick<
  typeof globalThis,
  'document' | 'PerformanceObserver' | 'requestAnimationFrame' | 'addEventListener'
>;

export function boot(win: BootWindow, start: () => void): void {
  let loaded = false;
  let painted = false;
  let started = false;
  const go = () => {
    if (started || !loaded || !painted) return;
    started = true;
    win.requestAnimationFrame(() => win.requestAnimationFrame(() => setTimeout(start, 0)));
  };
  const onLoad = () => {
    loaded = true;
    setTimeout(() => {
      painted = true;
      go();
    }, PAINT_WAIT_MS);
    go();
  };
  // Absent in old browsers, whatever the types say.
  if (win.PerformanceObserver?.supportedEntryTypes?.includes('paint')) {
    new win.PerformanceObserver((list, observer) => {
      if (!list.getEntries().some((entry) => entry.name === 'first-contentful-paint')) return;
      painted = true;
      observer.disconnect();
      go();
    }).observe({ type: 'paint', buffered: true });
  } else {
    painted = true;
  }
  if (win.document.readyState === 'complete') onLoad();
  else win.addEventListener('load', onLoad);
}

/** Said on `document` by the shell once the route's page has hydrated (remotes/inert-controls.ts). */
export const PAGE_HYDRATED_EVENT = 'gi:page-hydrated';

/**
 * A button of the server's page works from its first paint. Pressed before the page's code has
 * arrived and hydrated (the Worker marks it INERT_ATTRIBUTE), its click is held here, unseen by the
 * dehydrated page, and carried out on the same node once the page has hydrated
 * (PAGE_HYDRATED_EVENT), in the order pressed. It runs in the inline loader because the shell's
 * own code only starts after `load`: a press before that would be lost.
 */
export function holdPresses(doc: Document): void {
  // Kept: the shell clears the mark right before React hydrates, while a press must still wait.
  const held = new Set(doc.querySelectorAll(`button[${INERT_ATTRIBUTE}]`));
  const presses: HTMLElement[] = [];
  const hold = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || !(held.has(button) || button.hasAttribute(INERT_ATTRIBUTE))) return;
    // Before React's listener on #root: neither the page nor the browser (a form's submit) acts on it yet.
    event.preventDefault();
    event.stopPropagation();
    presses.push(button);
  };
  doc.addEventListener('click', hold, true);
  doc.addEventListener(
    PAGE_HYDRATED_EVENT,
    () => {
      doc.removeEventListener('click', hold, true);
      held.clear();
      // One press per task: React renders each press's update (flushed in a microtask) before the
      // next handler reads its props. Clicked in one go, two held '+' on a cart line added one.
      const replay = () => {
        const button = presses.shift();
        if (!button) return;
        // A node React did not keep (a page rendered anew) has no handler to carry the press out.
        if (button.isConnected) button.click();
        setTimeout(replay, 0);
      };
      replay();
    },
    { once: true },
  );
}
