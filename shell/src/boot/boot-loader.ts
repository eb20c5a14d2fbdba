// The one inline script of a server-rendered page (BOOT_LOADER_FILE): the shell's
// build bundles and minifies this file alone (bootLoader in @gi/federation); the
// Worker puts its text into the page and admits exactly that text by its CSP hash.
import { BOOT_ELEMENT_ID, type BootList, readDataBlock } from '@gi/contracts/web';
import { boot, holdPresses, startApp } from './boot.ts';

holdPresses(document);
const bootList = readDataBlock<BootList>(document, BOOT_ELEMENT_ID);
if (bootList) boot(window, () => startApp(document, bootList));
