import type { KanisaError } from '@kanisa/client';
import { useMutation } from '@tanstack/react-query';
import { useAuth } from '../../../lib/auth/auth-context';
import { authKeys } from '../../../lib/auth/auth-keys';
import type { LoginValues } from '../login-form';

/**
 * Signing in with e-mail and password through the session's own `signIn` (AuthProvider, over
 * the client from context): its pending state and the server's refusal as a KanisaError.
 */
export function useSignIn() {
  const auth = useAuth();
  return useMutation<null, KanisaError, LoginValues>({
    mutationKey: authKeys.signIn(),
    mutationFn: async (values) => {
      const error = await auth.signIn(values);
      if (error) throw error;
      return null;
    },
  });
}
