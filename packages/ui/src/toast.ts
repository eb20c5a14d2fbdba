/**
 * Toasts cross microfrontend boundaries as a namespaced browser event: any part
 * of the page calls `toast()`, the shell's host renders it.
 */
export const TOAST_EVENT = 'gi:toast';

export interface ToastMessage {
  title: string;
  description?: string;
  /** 'destructive' for failures (product.md §7: title 'Error', destructive style). */
  variant?: 'default' | 'destructive';
  /** A link to where the message leads, e.g. the order just placed. */
  action?: { label: string; to: string };
}

export function toast(message: ToastMessage): void {
  window.dispatchEvent(new CustomEvent<ToastMessage>(TOAST_EVENT, { detail: message }));
}

/** A failure toast as product.md §7 words them: title 'Error', the message below. */
export function toastError(description: string): void {
  toast({ title: 'Error', description, variant: 'destructive' });
}
