export {
  errorMessage,
  sessionQuery,
  useRegister,
  useSession,
  useSignIn,
  useSignOut,
  useUpdateProfile,
} from './session.ts';
