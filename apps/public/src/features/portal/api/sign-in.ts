import { KanisaError, NETWORK_ERROR, type OtpSent, type Session } from '@kanisa/client';
import { t, type MessageKey } from '../../../i18n';
import { useMemberMutation, type MemberClient } from '../../../lib/member';

/** `POST /auth/v1/otp`: a code by SMS to a member's number (the same answer for any number). */
export async function askForCode(client: MemberClient, request: { phone: string; locale: 'en' | 'sw' }): Promise<OtpSent> {
  const { data, error } = await client.auth.signInWithOtp(request);
  if (error) throw error;
  return data;
}

/** `POST /auth/v1/verify`: signs the member in with the code; the session is kept by the client. */
export async function signInWithCode(client: MemberClient, request: { phone: string; token: string }): Promise<Session> {
  const { data, error } = await client.auth.verifyOtp(request);
  if (error) throw error;
  return data.session;
}

/** Ends this session (`local`) or every session of the member (`global`). */
export async function signOut(client: MemberClient, scope: 'local' | 'global'): Promise<null> {
  const { error } = await client.auth.signOut({ scope });
  if (error) throw error;
  return null;
}

/** Never retried: each try is a text message, a code try, or a sign-out. */
export const useAskForCode = () => useMemberMutation(askForCode, { retry: false });
export const useSignInWithCode = () => useMemberMutation(signInWithCode, { retry: false });
export const useSignOut = () => useMemberMutation(signOut, { retry: false });

/** What a refusal says to the member, in their language. */
export function refusalText(error: unknown): string {
  if (!(error instanceof KanisaError)) return t('portal.failed');
  const byCode: Partial<Record<string, MessageKey>> = {
    otp_expired: 'portal.codeExpired',
    over_sms_send_rate_limit: 'portal.tooMany',
    over_request_rate_limit: 'portal.tooMany',
    [NETWORK_ERROR]: 'portal.offline',
  };
  const key = byCode[error.code];
  if (key) return t(key);
  // The server's own words for a number it cannot send to (the country, the format).
  return error.status === 400 ? error.message : t('portal.failed');
}
