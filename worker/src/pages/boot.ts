import { cspHash } from './csp.ts';

/** Requests the boot loader starts per task. */
const BOOT_BATCH = 3;

/** Where a server-rendered page lists the scripts that start the app (see BOOT_LOADER). */
export const BOOT_ELEMENT_ID = 'gi-boot';

export interface BootList {
  /** The shell's entry scripts, in document order. */
  entries: string[];
  /** Every module the first page needs: the shell's chunks, then the route's remote. */
  preloads: string[];
}

/**
 * Starts the app once the page has loaded and its first paint is on screen. A page
 * that came with its first screen is readable and its links work before any script
 * runs, so the ~30 module scripts of the shell and the route's remote wait until its
 * photos and styles are in and shown, instead of sharing a slow link and the main
 * thread with them. The paint is the browser's own first-contentful-paint entry (a
 * frame can be presented well after `load`), then two more frames so a photo that
 * loaded with the page is presented too; a browser without paint timing, or a page
 * that never paints (a background tab), starts 3 s after `load`. Each request started
 * costs the main thread 1 ms or more (measured under Lighthouse), so the ~30 start
 * BOOT_BATCH per task, and a tap between two batches is answered at once. Plain ES5.
 */
export const BOOT_LOADER = `(function(){var d=document,w=window,b=JSON.parse(d.getElementById('${BOOT_ELEMENT_ID}').textContent),loaded=false,painted=false,started=false;function add(rel,href){var l=d.createElement('link');l.rel=rel;l.crossOrigin='';l.href=href;d.head.appendChild(l)}function start(){var q=b.preloads.map(function(h){return function(){add('modulepreload',h)}}).concat(b.entries.map(function(h){return function(){var s=d.createElement('script');s.type='module';s.crossOrigin='';s.src=h;d.head.appendChild(s)}}));(function next(){q.splice(0,${BOOT_BATCH}).forEach(function(f){f()});if(q.length)setTimeout(next,0)})()}function go(){if(started||!loaded||!painted)return;started=true;requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(start,0)})})}function onLoad(){loaded=true;setTimeout(function(){painted=true;go()},3000);go()}var P=w.PerformanceObserver;if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('paint')>=0){new P(function(list,observer){list.getEntries().forEach(function(e){if(e.name==='first-contentful-paint'){painted=true;observer.disconnect();go()}})}).observe({type:'paint',buffered:true})}else painted=true;if(d.readyState==='complete')onLoad();else w.addEventListener('load',onLoad)})();`;

let loaderHash: Promise<string> | undefined;

/** The CSP source that lets exactly BOOT_LOADER run inline. */
export function bootLoaderSource(): Promise<string> {
  loaderHash ??= cspHash(BOOT_LOADER);
  return loaderHash;
}
