import { URL_STATE_ATTRIBUTE } from '@gi/contracts/web';

/**
 * Spread on each control of a plain GET form whose choices live in the URL: the
 * Worker leaves it live in the server's HTML, so the form works without JavaScript.
 */
export const urlState = { [URL_STATE_ATTRIBUTE]: '' };
