// The one inline script of a server-rendered page (BOOT_LOADER_FILE): the shell's
// build bundles and minifies this file alone (bootLoader in @gi/federation); the
// Worker puts its text into the page and admits exactly that text by its CSP hash.
import { BOOT_ELEMENT_ID, type BootList } from '@gi/contracts/web';
import { boot, startApp } from './boot.ts';

const list = document.getElementById(BOOT_ELEMENT_ID)?.textContent;
if (list) {
  const bootList = JSON.parse(list) as BootList;
  boot(window, () => startApp(document, bootList));
}
