export { renderStandalone } from './standalone.tsx';
export { TOAST_EVENT, type ToastMessage, toast, toastError } from './toast.ts';
