export { AddressFields, type AddressValue, emptyAddress } from './address-fields.tsx';
export { type AreaCodes, AreaFields } from './area-fields.tsx';
export { buttonClass } from './button.ts';
export { downsizeImage, MAX_IMAGE_SIDE, type PhotoCopies, photoCopies } from './downsize-image.ts';
export {
  byName,
  Field,
  type FormInput,
  type FormSchema,
  SelectField,
  type SelectFieldProps,
  TextAreaField,
  useZodForm,
} from './form.tsx';
export { queryClientDefaults } from './query.ts';
export { renderStandalone } from './standalone.tsx';
export { StatusBadge } from './status-badge.tsx';
export { TOAST_EVENT, type ToastMessage, toast, toastError } from './toast.ts';
export { useErrorToast } from './use-error-toast.ts';
