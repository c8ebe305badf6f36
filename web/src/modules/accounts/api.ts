import type { AuthUser, ChangePasswordRequest, EmailChangeRequest, ProfilePreferences, ProfileUpdate, SessionResponse, SigninRequest, SignupRequest } from '@contracts/accounts';
import { api } from '../../app/api';

interface MessageResponse {
  message?: string;
}

/** Clears every cached query (another user's data must not survive a sign-in or logout) and sets `me`. */
function resetSession(dispatch: (a: unknown) => unknown, user: AuthUser | null) {
  dispatch(api.util.resetApiState());
  dispatch(accountsApi.util.upsertQueryData('me', undefined, user));
}

/** After verifying an e-mail: the signed-in user's flag changes only if the link was theirs. */
async function updateMeIfSameUser(
  _token: string,
  { dispatch, getState, queryFulfilled }: { dispatch: (a: unknown) => unknown; getState: () => unknown; queryFulfilled: Promise<{ data: { data: AuthUser } }> },
) {
  const { data } = await queryFulfilled.catch(() => ({ data: null }));
  const me = accountsApi.endpoints.me.select()(getState() as never).data;
  if (data?.data && me && me._id === data.data._id) dispatch(accountsApi.util.upsertQueryData('me', undefined, data.data));
}

/** Accounts endpoints (/api/v2). `me` is the signed-in user or null; everything else is a mutation. */
export const accountsApi = api.injectEndpoints({
  endpoints: (b) => ({
    // GET session answers 200 with null for an anonymous visitor: GET validate's 401 was a console error on
    // every anonymous page load.
    me: b.query<AuthUser | null, void>({
      query: () => 'session',
      transformResponse: (r: SessionResponse) => r.user,
      providesTags: ['User'],
    }),
    /** GET validateadmin: the platform administrator, or the API error (401/403 with messagePublic). */
    validateAdmin: b.query<AuthUser, void>({
      query: () => 'validateadmin',
      transformResponse: (r: { data: AuthUser }) => r.data,
      providesTags: ['User'],
    }),
    signIn: b.mutation<{ data: AuthUser; token: string }, SigninRequest>({
      query: (body) => ({ url: 'signin', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) resetSession(dispatch, data.data);
      },
    }),
    signUp: b.mutation<{ user: AuthUser; token: string }, SignupRequest>({
      query: (body) => ({ url: 'signup', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) resetSession(dispatch, data.user);
      },
    }),
    logout: b.mutation<unknown, void>({
      query: () => ({ url: 'logout', method: 'POST' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        // Signed out locally even if the call fails (the cookie may already be gone).
        await queryFulfilled.catch(() => undefined);
        resetSession(dispatch, null);
      },
    }),
    // Writes answer with the updated user: the cache takes it as is (a refetch could read a lagging projection).
    changePassword: b.mutation<{ user: AuthUser }, ChangePasswordRequest>({
      query: (body) => ({ url: 'changePasword', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data?.user) dispatch(accountsApi.util.upsertQueryData('me', undefined, data.user));
      },
    }),
    updateProfile: b.mutation<{ data: AuthUser }, ProfileUpdate>({
      query: (body) => ({ url: 'profile', method: 'PUT', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data?.data) dispatch(accountsApi.util.upsertQueryData('me', undefined, data.data));
      },
    }),
    /** PUT profile/preferences: the profile's switches (chats with other attendees of the user's events). */
    setProfilePreferences: b.mutation<{ data: AuthUser }, ProfilePreferences>({
      query: (body) => ({ url: 'profile/preferences', method: 'PUT', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data?.data) dispatch(accountsApi.util.upsertQueryData('me', undefined, data.data));
      },
    }),
    requestPasswordReset: b.mutation<MessageResponse, { email: string }>({
      query: (body) => ({ url: 'passwordReset', method: 'POST', body }),
    }),
    resetPassword: b.mutation<{ user: AuthUser; message?: string }, { token: string; password: string }>({
      query: ({ token, password }) => ({ url: `passwordReset/${encodeURIComponent(token)}`, method: 'POST', body: { password } }),
      // The server signs the user in with the new password.
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data?.user) resetSession(dispatch, data.user);
      },
    }),
    verifyEmail: b.mutation<{ data: AuthUser }, string>({
      query: (token) => ({ url: `verify/${encodeURIComponent(token)}`, method: 'POST' }),
      onQueryStarted: updateMeIfSameUser,
    }),
    resendVerification: b.mutation<MessageResponse, void>({
      query: () => ({ url: 'verify/resend', method: 'POST' }),
    }),
    confirmAccount: b.mutation<{ data: AuthUser }, string>({
      query: (token) => ({ url: `confirm/account/${encodeURIComponent(token)}`, method: 'POST' }),
      onQueryStarted: updateMeIfSameUser,
    }),
    /** PUT profile/email: mails a link to the new address; the account keeps its e-mail until it is opened. */
    requestEmailChange: b.mutation<MessageResponse, EmailChangeRequest>({
      query: (body) => ({ url: 'profile/email', method: 'PUT', body }),
    }),
    confirmEmailChange: b.mutation<{ data: AuthUser }, string>({
      query: (token) => ({ url: `confirm/mail/${encodeURIComponent(token)}`, method: 'POST' }),
      onQueryStarted: updateMeIfSameUser,
    }),
    /** POST profile/avatar (multipart, field avatar) and DELETE profile/avatar: the answer is the updated user. */
    uploadAvatar: b.mutation<{ data: AuthUser }, File>({
      query: (file) => {
        const form = new FormData();
        form.append('avatar', file);
        return { url: 'profile/avatar', method: 'POST', body: form };
      },
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data?.data) dispatch(accountsApi.util.upsertQueryData('me', undefined, data.data));
      },
    }),
    removeAvatar: b.mutation<{ data: AuthUser }, void>({
      query: () => ({ url: 'profile/avatar', method: 'DELETE' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data?.data) dispatch(accountsApi.util.upsertQueryData('me', undefined, data.data));
      },
    }),
    requestAccountDelete: b.mutation<MessageResponse, void>({
      query: () => ({ url: 'requestAccountDelete', method: 'POST' }),
    }),
    deleteAccount: b.mutation<MessageResponse, string>({
      query: (token) => ({ url: `deleteAccount/${encodeURIComponent(token)}`, method: 'POST' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) resetSession(dispatch, null);
      },
    }),
  }),
});

export const {
  useMeQuery,
  useSignInMutation,
  useSignUpMutation,
  useLogoutMutation,
  useChangePasswordMutation,
  useUpdateProfileMutation,
  useSetProfilePreferencesMutation,
  useRequestPasswordResetMutation,
  useResetPasswordMutation,
  useVerifyEmailMutation,
  useResendVerificationMutation,
  useConfirmAccountMutation,
  useRequestEmailChangeMutation,
  useConfirmEmailChangeMutation,
  useUploadAvatarMutation,
  useRemoveAvatarMutation,
  useRequestAccountDeleteMutation,
  useDeleteAccountMutation,
} = accountsApi;

/** The signed-in user (undefined while loading, null when signed out). */
export function useCurrentUser(): AuthUser | null | undefined {
  return useMeQuery().data;
}
