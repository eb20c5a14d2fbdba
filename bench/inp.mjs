// Interaction latency on the product page (issue 17): at 4× CPU slowdown on a phone's
// screen, once the app has started, a shopper picks another size, taps 'Tambah ke
// Keranjang' and opens the mobile menu. Each figure is the longest Event Timing entry
// of that interaction (input delay + processing + the next paint), as INP counts it.
// The buy button's first press loads mfe-cart's code (decision 020): its next paint is
// the pending state, so the time until the cart has the item is reported too, from the
// press to mfe-cart's `cart:updated`.
import puppeteer from 'puppeteer-core';

export const CPU_SLOWDOWN = 4;
const ADDED = 'Tambah ke Keranjang, until added';
// The same wait over a phone's network: what the round trips of loading mfe-cart's code cost
// (decision 020). Network-bound, so reported beside the budget, not held to it.
export const ADDED_SLOW_4G = 'Tambah ke Keranjang, until added on slow 4G';
export const interactions = ['size picker', 'Tambah ke Keranjang', ADDED, ADDED_SLOW_4G, 'mobile menu'];
// Lighthouse's mobile throttling: 150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up.
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: 204_800, uploadThroughput: 96_000 };

// Runs in the page before its own scripts: keeps every event entry that is part of an interaction.
function observeInteractions() {
  window.__interactions = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (e.interactionId) window.__interactions.push({ id: e.interactionId, duration: e.duration });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  window.__added = [];
  window.addEventListener('cart:updated', () => window.__added.push(performance.now()));
  window.addEventListener('pointerdown', () => {
    window.__pressedAt = performance.now();
  });
}

/**
 * A new Chromium with one page as a cheap phone shows it: a 412 px screen, the CPU slowed
 * CPU_SLOWDOWN times (and the network to slow 4G when asked); `observe` runs in every
 * document before its own scripts.
 */
export async function openPhone(chromePath, chromeFlags, observe, { slow4g = false } = {}) {
  const browser = await puppeteer.launch({ executablePath: chromePath, args: chromeFlags, headless: true });
  try {
    const page = await browser.newPage();
    await page.setViewport({
      width: 412,
      height: 823,
      isMobile: true,
      hasTouch: false,
      deviceScaleFactor: 1,
    });
    await page.evaluateOnNewDocument(observe);
    const cdp = await page.createCDPSession();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    if (slow4g) await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    return { browser, page };
  } catch (error) {
    await browser.close();
    throw error;
  }
}

async function latestLatency(page, before) {
  // Entries arrive after the next paint; give them a moment at the slowed CPU.
  await new Promise((r) => setTimeout(r, 1_000));
  const entries = await page.evaluate(() => window.__interactions);
  const fresh = entries.slice(before);
  // Below the observer's 16 ms threshold no entry is reported: the interaction took less.
  return fresh.length ? Math.max(...fresh.map((e) => e.duration)) : 16;
}

/**
 * One cold visit to the product page; latency in ms per interaction. On slow 4G only the
 * buy button's press is made, and the time until the item is in the cart reported.
 */
export async function interactionLatency(chromePath, chromeFlags, url, { slow4g = false } = {}) {
  const { browser, page } = await openPhone(chromePath, chromeFlags, observeInteractions, { slow4g });
  try {
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    // The app is on: the navbar is React's and the buy button is live.
    await page.waitForFunction(
      () =>
        document.querySelector('header[data-solid]') &&
        [...document.querySelectorAll('button')].some(
          (b) => b.textContent === 'Tambah ke Keranjang' && !b.disabled,
        ),
      { timeout: 60_000, polling: 200 },
    );
    await page.waitForNetworkIdle({ idleTime: 1_000, timeout: 60_000 });
    // A real click on the element's middle (scrolled into view first): the first match
    // of `selector`, with `text` when given.
    const tap = async (selector, text) => {
      const box = await page.evaluate(
        (sel, txt) => {
          const el = [...document.querySelectorAll(sel)].find((e) => txt == null || e.textContent === txt);
          if (!el) throw new Error(`nothing matches ${sel} ${txt ?? ''}`);
          el.scrollIntoView({ block: 'center' });
          const r = el.getBoundingClientRect();
          return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
        },
        selector,
        text,
      );
      await page.mouse.click(box.x, box.y);
    };
    const steps = {
      'size picker': () => tap('label:has(input[type="radio"]:not(:checked):not(:disabled))'),
      'Tambah ke Keranjang': () => tap('button', 'Tambah ke Keranjang'),
      'mobile menu': () => tap('button[aria-controls="menu-utama"]'),
    };
    const untilAdded = async () => {
      await page.waitForFunction(() => window.__added.length > 0, { timeout: 30_000, polling: 50 });
      return page.evaluate(() => Math.round(window.__added[0] - window.__pressedAt));
    };
    if (slow4g) {
      await steps['Tambah ke Keranjang']();
      return { [ADDED_SLOW_4G]: await untilAdded() };
    }
    const latency = {};
    for (const name of interactions.filter((i) => i !== ADDED && i !== ADDED_SLOW_4G)) {
      const before = (await page.evaluate(() => window.__interactions.length)) ?? 0;
      await steps[name]();
      latency[name] = await latestLatency(page, before);
      if (name === 'Tambah ke Keranjang') latency[ADDED] = await untilAdded();
    }
    return latency;
  } finally {
    await browser.close();
  }
}
