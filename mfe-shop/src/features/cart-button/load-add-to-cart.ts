import { ADD_TO_CART_MODULE, type AddToCart, remoteContainer } from '@gi/contracts/web';
import { getInstance, loadRemote } from '@module-federation/runtime';

const cart = remoteContainer('cart');
const moduleId = `${cart}/${ADD_TO_CART_MODULE.slice(2)}`;

/**
 * Loads what the cart team's buy button does at run time. The shell registered the
 * remotes on its own federation instance; the runtime bundled into this remote only
 * knows mfe_shop's container. So the call goes through the instance that has mfe_cart,
 * which also reuses the container the cart page came from, and with it the one cart
 * store both must share.
 */
export async function loadAddToCart(): Promise<AddToCart> {
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
