import { useEffect } from 'react';
import { toastError } from './toast.ts';

/** product.md §7: a failed load toasts its message once per failure (title 'Error', destructive). */
export function useErrorToast(failed: boolean, message: string): void {
  useEffect(() => {
    if (failed) toastError(message);
  }, [failed, message]);
}
