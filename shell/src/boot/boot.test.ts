import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BOOT_BATCH, type BootWindow, boot, PAINT_WAIT_MS, startApp } from './boot.ts';

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
