import { skipToken } from '@reduxjs/toolkit/query';
import { useSearchEventsQuery } from '../api';

export function useSearchEvents(search: string) {
  return useSearchEventsQuery(search ? { q: search } : skipToken);
}
