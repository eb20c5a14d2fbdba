export {
  errorMessage,
  useRegister,
  useSession,
  useSignIn,
  useSignOut,
  useUpdateProfile,
} from './session.ts';
