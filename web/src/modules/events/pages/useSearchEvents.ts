import { skipToken } from '@reduxjs/toolkit/query';
import { useSearchEventsQuery } from '../api';

/** Page size of public event lists (the API's default). */
export const PUBLIC_PAGE_SIZE = 24;

export function useSearchEvents(search: string, page = 0) {
  return useSearchEventsQuery(search ? { q: search, page, pageSize: PUBLIC_PAGE_SIZE } : skipToken);
}
