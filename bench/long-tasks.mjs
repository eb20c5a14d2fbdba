// Long tasks after the first paint (issue 17): a cold visit at 4× CPU slowdown on a
// phone's screen, kept until the network has been quiet for 1.5 s. Every main-thread
// task over 50 ms that starts after the first contentful paint is attributed, through
// the Long Animation Frames API, to the script that ran longest in its frame: ours
// (a file or the inline boot loader from the page's origin) or the browser's own work
// (parsing, style, layout: no script in the frame).
import { openPhone } from './inp.mjs';

export const LONG_TASK_MS = 50;

// The file federation builds for a shared npm package (`…__loadShare__react_mf_2_dom_mf_1_client__loadShare__…`)
// holds that package alone. Its evaluation runs none of our code; React's render and hydration
// later run inside react-dom's functions too, but are event or callback invocations, so ours.
const LIBRARY_FILE = /__loadShare__react\w*__loadShare__/;
const isLibraryEvaluation = (script) => script.type === 'module-script' && LIBRARY_FILE.test(script.url);

// Runs in the page before its own scripts.
function observeLongTasks() {
  window.__longTasks = [];
  window.__frames = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      window.__frames.push({
        start: e.startTime,
        end: e.startTime + e.duration,
        scripts: e.scripts.map((s) => ({ url: s.sourceURL, duration: s.duration, type: s.invokerType })),
      });
  }).observe({ type: 'long-animation-frame', buffered: true });
}

/** One cold visit; the long tasks after the first paint, each with its script. */
export async function longTasksAfterPaint(chromePath, chromeFlags, url) {
  const { browser, page } = await openPhone(chromePath, chromeFlags, observeLongTasks);
  try {
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForNetworkIdle({ idleTime: 1_500, timeout: 60_000 });
    const { fcp, tasks, frames } = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
      tasks: window.__longTasks,
      frames: window.__frames,
    }));
    const origin = new URL(url).origin;
    return tasks
      .filter((t) => t.start >= fcp && t.duration > LONG_TASK_MS)
      .map((t) => {
        const frame = frames.find((f) => f.start <= t.start + t.duration && f.end >= t.start);
        const script = frame?.scripts.sort((a, b) => b.duration - a.duration)[0];
        // An inline script (the boot loader) is reported with the page's own URL.
        const inline = !script?.url || script.url === url;
        const file = inline ? '(inline)' : new URL(script.url).pathname.split('/').pop();
        const own = inline || script?.url.startsWith(origin);
        return {
          ms: Math.round(t.duration),
          by: !script ? 'browser' : own && isLibraryEvaluation(script) ? 'library' : own ? 'ours' : 'other',
          file: script ? file : null,
        };
      });
  } finally {
    await browser.close();
  }
}
