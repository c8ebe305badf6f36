import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import type { ApiError } from '@contracts/common';

/**
 * The one RTK Query API of the web app. Modules add their endpoints from their own folders with
 * `api.injectEndpoints({ endpoints: (b) => ({ ... }) })`; tags below are shared so that socket events and
 * mutations of one module can refresh another's lists.
 */
const rawBaseQuery = fetchBaseQuery({ baseUrl: '/api/v2', credentials: 'include' });

/** A 401 on any call means the session ended (expired, logged out elsewhere): refresh the signed-in user. */
const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, apiCtx, extra) => {
  const result = await rawBaseQuery(args, apiCtx, extra);
  const url = typeof args === 'string' ? args : args.url;
  if (result.error?.status === 401 && !/^(validate|signin|signup|changePasword)\b/.test(url)) {
    apiCtx.dispatch(api.util.invalidateTags(['User']));
  }
  return result;
};

export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['User', 'Event', 'Ticket', 'PaymentMethod', 'Collaborator', 'ChatRoom', 'ChatMessage', 'Notification'],
  endpoints: () => ({}),
});

/** The API's error body `{ status, message, messagePublic }` from an RTK Query error, if it carries one. */
export function apiErrorBody(error: unknown): ApiError | undefined {
  const data = (error as FetchBaseQueryError | undefined)?.data as Partial<ApiError> | undefined;
  if (data && typeof data === 'object' && typeof data.messagePublic === 'string') return data as ApiError;
  return undefined;
}

/** HTTP status of an RTK Query error (undefined for network errors). */
export function apiErrorStatus(error: unknown): number | undefined {
  const status = (error as FetchBaseQueryError | undefined)?.status;
  return typeof status === 'number' ? status : undefined;
}

/** The server's public message, or the given fallback (network failure, unexpected body). */
export function apiErrorMessage(error: unknown, fallback: string): string {
  return apiErrorBody(error)?.messagePublic || fallback;
}
