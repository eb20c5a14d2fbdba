/** Where a server-rendered page lists the scripts that start the app (see BOOT_LOADER). */
export const BOOT_ELEMENT_ID = 'gi-boot';

export interface BootList {
  /** The shell's entry scripts, in document order. */
  entries: string[];
  /** Every module the first page needs: the shell's chunks, then the route's remote. */
  preloads: string[];
}

/**
 * Starts the app once the page has loaded and painted. A page that came with its first
 * screen is readable and its links work before any script runs, so the ~30 module
 * scripts of the shell and the route's remote wait until its photos and styles are in
 * and on screen instead of sharing a slow link and the main thread with them. Plain
 * ES5: it runs before anything else.
 */
export const BOOT_LOADER = `(function(){var d=document,b=JSON.parse(d.getElementById('${BOOT_ELEMENT_ID}').textContent);function add(rel,href){var l=d.createElement('link');l.rel=rel;l.crossOrigin='';l.href=href;d.head.appendChild(l)}function go(){b.preloads.forEach(function(h){add('modulepreload',h)});b.entries.forEach(function(h){var s=d.createElement('script');s.type='module';s.crossOrigin='';s.src=h;d.head.appendChild(s)})}function later(){requestAnimationFrame(function(){setTimeout(go,0)})}if(d.readyState==='complete')later();else addEventListener('load',later)})();`;

let loaderHash: Promise<string> | undefined;

/** The CSP source that lets exactly BOOT_LOADER run inline. */
export function bootLoaderSource(): Promise<string> {
  loaderHash ??= crypto.subtle
    .digest('SHA-256', new TextEncoder().encode(BOOT_LOADER))
    .then((digest) => `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`);
  return loaderHash;
}
