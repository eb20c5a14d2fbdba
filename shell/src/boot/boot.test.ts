import { INERT_ATTRIBUTE } from '@gi/contracts/web';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BOOT_BATCH,
  type BootWindow,
  boot,
  holdPresses,
  PAGE_HYDRATED_EVENT,
  PAINT_WAIT_MS,
  startApp,
} from './boot.ts';

beforeEach(() => {
  vi.useFakeTimers();
  document.head.innerHTML = '';
});
afterEach(() => {
  vi.useRealTimers();
});

describe('startApp', () => {
  it('preloads the modules, then adds the entries, BOOT_BATCH per task', () => {
    const preloads = ['/a.js', '/b.js', '/c.js', '/d.js'];
    startApp(document, { preloads, entries: ['/main.js'] });
    const added = () =>
      [...document.head.children].map((el) =>
        el instanceof HTMLScriptElement
          ? `script ${el.getAttribute('src')}`
          : `${el.getAttribute('rel')} ${el.getAttribute('href')}`,
      );
    expect(added()).toEqual(preloads.slice(0, BOOT_BATCH).map((href) => `modulepreload ${href}`));
    vi.runOnlyPendingTimers();
    expect(added()).toEqual([...preloads.map((href) => `modulepreload ${href}`), 'script /main.js']);
    const script = document.head.querySelector('script');
    expect(script?.type).toBe('module');
    expect(script?.crossOrigin).toBe('');
  });
});

/** A window whose load and paint the test controls. */
function fakeWindow({ paintTiming, complete = false }: { paintTiming: boolean; complete?: boolean }) {
  let onPaint:
    | ((list: { getEntries(): { name: string }[] }, observer: { disconnect(): void }) => void)
    | undefined;
  const listeners: (() => void)[] = [];
  class Observer {
    static supportedEntryTypes = paintTiming ? ['paint'] : [];
    constructor(callback: typeof onPaint) {
      onPaint = callback;
    }
    observe() {}
    disconnect() {}
  }
  const win = {
    document: { readyState: complete ? 'complete' : 'loading' },
    PerformanceObserver: Observer,
    requestAnimationFrame: (frame: () => void) => setTimeout(frame, 16),
    addEventListener: (type: string, listener: () => void) => type === 'load' && listeners.push(listener),
  } as unknown as BootWindow;
  return {
    win,
    load: () => {
      for (const listener of listeners) listener();
    },
    paint: (name = 'first-contentful-paint') =>
      onPaint?.({ getEntries: () => [{ name }] }, { disconnect: () => {} }),
  };
}

describe('boot', () => {
  it('starts after the load and the first contentful paint, two frames later, whichever comes last', () => {
    const page = fakeWindow({ paintTiming: true });
    const start = vi.fn();
    boot(page.win, start);
    page.paint('first-paint');
    page.paint();
    vi.advanceTimersByTime(100);
    expect(start).not.toHaveBeenCalled();
    page.load();
    vi.advanceTimersByTime(16);
    expect(start).not.toHaveBeenCalled();
    vi.advanceTimersByTime(17);
    expect(start).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(PAINT_WAIT_MS);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts PAINT_WAIT_MS after the load when the page never paints (a background tab)', () => {
    const page = fakeWindow({ paintTiming: true, complete: true });
    const start = vi.fn();
    boot(page.win, start);
    vi.advanceTimersByTime(PAINT_WAIT_MS - 1);
    expect(start).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts right after the load in a browser without paint timing', () => {
    const page = fakeWindow({ paintTiming: false });
    const start = vi.fn();
    boot(page.win, start);
    page.load();
    vi.advanceTimersByTime(40);
    expect(start).toHaveBeenCalledTimes(1);
  });
});

describe('holdPresses', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it("holds presses on the page's waiting buttons, unseen by the page, and carries them out in order once it has hydrated", () => {
    document.body.innerHTML =
      `<div id="root"><form><button ${INERT_ATTRIBUTE}="" type="button" aria-label="Tambah"><span>+</span></button>` +
      `<button ${INERT_ATTRIBUTE}="" type="submit">Hapus</button></form><button>Menu</button></div>`;
    const root = document.getElementById('root') as HTMLElement;
    const [plus, remove, menu] = [...document.querySelectorAll('button')] as HTMLButtonElement[];
    // What React's listener on the root would see, and a form's own submission.
    const seen: string[] = [];
    root.addEventListener('click', (event) =>
      seen.push((event.target as Element).closest('button')?.textContent ?? ''),
    );
    const submitted = vi.fn((event: Event) => event.preventDefault());
    document.querySelector('form')?.addEventListener('submit', submitted);

    holdPresses(document);
    plus?.querySelector('span')?.click();
    remove?.click();
    // The shell clears the mark right before React hydrates: a press then still waits its turn.
    plus?.removeAttribute(INERT_ATTRIBUTE);
    plus?.click();
    // The layout's own controls are live.
    menu?.click();
    expect(seen).toEqual(['Menu']);
    expect(submitted).not.toHaveBeenCalled();

    vi.useFakeTimers();
    document.dispatchEvent(new Event(PAGE_HYDRATED_EVENT));
    // One press per task, so the page renders each press before the next reads its state.
    expect(seen).toEqual(['Menu', '+']);
    vi.runAllTimers();
    vi.useRealTimers();
    expect(seen).toEqual(['Menu', '+', 'Hapus', '+']);
    expect(submitted).toHaveBeenCalledTimes(1);
    // From then on the page answers each press itself.
    plus?.click();
    expect(seen).toEqual(['Menu', '+', 'Hapus', '+', '+']);
  });

  it('drops a press whose button the page did not keep', () => {
    document.body.innerHTML = `<button ${INERT_ATTRIBUTE}="">Hapus</button>`;
    const button = document.querySelector('button') as HTMLButtonElement;
    const clicked = vi.fn();
    holdPresses(document);
    button.click();
    button.remove();
    button.addEventListener('click', clicked);
    document.dispatchEvent(new Event(PAGE_HYDRATED_EVENT));
    expect(clicked).not.toHaveBeenCalled();
  });
});
