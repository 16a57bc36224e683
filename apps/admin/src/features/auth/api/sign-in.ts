import type { KanisaClient } from '@kanisa/client';
import { useMutation } from '@tanstack/react-query';
import { kanisa } from '../../../lib/kanisa';
import { authKeys } from '../auth-keys';
import type { LoginValues } from '../login-form';
import { setSession } from '../session';

/** The token response of `POST /auth/v1/token?grant_type=password` (GoTrue wire format). */
export interface Session {
  access_token: string;
  token_type: string;
  expires_in: number;
  expires_at?: number;
  refresh_token: string;
  user: { id: string; email?: string | null; [key: string]: unknown };
}

/** Throws the KanisaError on failure so React Query can hold it. */
export async function signIn(client: KanisaClient, credentials: LoginValues): Promise<Session> {
  const { data, error } = await client.request<Session>('/auth/v1/token?grant_type=password', {
    method: 'POST',
    json: credentials,
  });
  if (error) throw error;
  return data;
}

export function useSignIn() {
  return useMutation({
    mutationKey: authKeys.signIn(),
    mutationFn: (credentials: LoginValues) => signIn(kanisa, credentials),
    onSuccess: (session) => {
      setSession(session);
    },
  });
}
