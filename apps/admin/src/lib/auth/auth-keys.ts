/** Query and mutation keys of the auth domain. */
export const authKeys = {
  all: ['auth'] as const,
  profile: (userId: string) => [...authKeys.all, 'profile', userId] as const,
  signIn: () => [...authKeys.all, 'sign-in'] as const,
};
