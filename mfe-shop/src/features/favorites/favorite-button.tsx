import { useQuery } from '@gi/platform';
import { sessionQuery } from '@gi/session';
import { toastError } from '@gi/ui';
import { useEffect } from 'react';
import styles from './favorite-button.module.css';
import { favoriteOwner, useIsFavorite } from './favorite-store.ts';

/** What a press does: its own chunk, asked for on the first hover, touch or focus of a heart. */
const noop = () => {};
const loadActions = () => import('./favorite-actions.ts');

interface FavoriteButtonProps {
  productId: string;
  /** The id of the product's name on a card, which tells the hearts of a grid apart. */
  describedBy?: string;
  /** Over a card's photo, instead of in the flow (the product page). */
  onCard?: boolean;
}

/**
 * The heart ('Favorit', decision 048): the server renders it unpressed, the browser presses the
 * ones on its list. Its logic loads on the first touch, like the buy button's; for a signed-in
 * customer it loads after the page, to show the account's list from the server.
 */
export function FavoriteButton({ productId, describedBy, onCard = false }: FavoriteButtonProps) {
  const pressed = useIsFavorite(productId);
  // The session the shell reads: this waits for its answer, never asks again.
  const { data: user, isSuccess } = useQuery({ ...sessionQuery, enabled: false });
  const userId = user?.id ?? null;
  useEffect(() => {
    // A failure here shows nothing: the next press tries again and says so.
    if (isSuccess && userId !== favoriteOwner())
      loadActions()
        .then((actions) => actions.follow(userId))
        .catch(noop);
  }, [isSuccess, userId]);
  const prepare = () => loadActions().catch(noop);
  return (
    <button
      type="button"
      className={`${styles.heart} ${onCard ? styles.onCard : ''}`}
      aria-pressed={pressed}
      aria-label={pressed ? 'Hapus dari Favorit' : 'Tambah ke Favorit'}
      aria-describedby={describedBy}
      onPointerEnter={prepare}
      onPointerDown={prepare}
      onFocus={prepare}
      onClick={() =>
        loadActions().then(
          (actions) => actions.toggleFavorite(productId, userId),
          () => toastError('Favorit sedang tidak tersedia. Silakan coba lagi.'),
        )
      }
    >
      <span aria-hidden="true">{pressed ? '♥' : '♡'}</span>
    </button>
  );
}
