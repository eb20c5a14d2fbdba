import {
  ADD_TO_CART_MODULE,
  type AddToCart,
  BOOT_ELEMENT_ID,
  type BootList,
  intentKey,
  readDataBlock,
  remoteContainer,
} from '@gi/contracts/web';
import { getInstance, loadRemote } from '@module-federation/runtime';

const cart = remoteContainer('cart');
const moduleId = `${cart}/${ADD_TO_CART_MODULE.slice(2)}`;

/**
 * Asks at once for every file of the action that the page's boot list names (the Worker
 * lists them, decision 020): the runtime would find them one round trip after another.
 * The runtime's own requests then find them fetched. A page without the list (rendered
 * by the browser) loads them as the runtime asks.
 */
function fetchActionFiles(doc: Document) {
  const files = readDataBlock<BootList>(doc, BOOT_ELEMENT_ID)?.onIntent?.[
    intentKey('cart', ADD_TO_CART_MODULE)
  ];
  if (!files) return;
  const hint = (rel: string, href: string, as?: string) => {
    const link = doc.createElement('link');
    link.rel = rel;
    link.href = href;
    // The runtime imports the modules and links the styles in CORS mode: the same here, or
    // the hint is not the request the runtime makes.
    link.crossOrigin = '';
    if (as) link.setAttribute('as', as);
    doc.head.append(link);
  };
  for (const href of files.scripts) hint('modulepreload', href);
  for (const href of files.styles) hint('preload', href, 'style');
}

/**
 * Loads what the cart team's buy button does at run time. The shell registered the
 * remotes on its own federation instance; the runtime bundled into this remote only
 * knows mfe_shop's container. So the call goes through the instance that has mfe_cart,
 * which also reuses the container the cart page came from, and with it the one cart
 * store both must share.
 */
export async function loadAddToCart(): Promise<AddToCart> {
  fetchActionFiles(document);
  const host = getInstance((instance) => instance.options.remotes.some((remote) => remote.name === cart));
  type Exposed = { default: AddToCart };
  const loaded = host ? await host.loadRemote<Exposed>(moduleId) : await loadRemote<Exposed>(moduleId);
  if (!loaded?.default) throw new Error(`${moduleId} has no default export`);
  return loaded.default;
}

/** mfe-cart's action as the buy buttons of a page share it: loaded once, on the first intent. */
export interface CartAction {
  /** Starts loading (once; again after a failure) and resolves with the action. */
  load(): Promise<AddToCart>;
  /** The action, once it has loaded: a press then adds at once, with no pending state. */
  loaded(): AddToCart | undefined;
}

export function cartAction(load: () => Promise<AddToCart>): CartAction {
  let action: AddToCart | undefined;
  let loading: Promise<AddToCart> | undefined;
  return {
    load: () => {
      loading ??= load().then(
        (loadedAction) => {
          action = loadedAction;
          return loadedAction;
        },
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
    loaded: () => action,
  };
}
