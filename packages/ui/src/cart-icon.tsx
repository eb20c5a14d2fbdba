/** The cart's icon: the navbar's link while mfe-cart's MiniCart loads, and the MiniCart itself. */
export function CartIcon() {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4ZM5.2 4l.4 2H21l-2.2 8.1a2 2 0 0 1-1.9 1.4H8.4a2 2 0 0 1-2-1.6L4.4 3.8A1 1 0 0 0 3.4 3H2V1h1.4a3 3 0 0 1 2.9 2.3L5.2 4Z"
      />
    </svg>
  );
}
