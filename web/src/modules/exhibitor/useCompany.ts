import type { CompanyDto } from '@contracts/exhibitor';
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { setCurrentCompany, useMyExhibitorCompaniesQuery } from './api';

/**
 * The toolbar's exhibitor company selector state (spec 2 "Layouts and toolbars", spec 4): the company chosen per
 * event, kept in localStorage; when none was chosen (or it is gone, e.g. on event change) the event's first company
 * is the current one. Its id goes as the `exhibitorcompany` header of the module area's calls.
 */
const KEY = (eventId: string) => `exhibitor.company.${eventId}`;
const listeners = new Set<() => void>();
const memory = new Map<string, string>();
let version = 0;

function read(eventId: string): string | null {
  try {
    return localStorage.getItem(KEY(eventId));
  } catch {
    return null;
  }
}
function write(eventId: string, companyId: string) {
  try {
    localStorage.setItem(KEY(eventId), companyId);
  } catch {
    /* private mode: the choice lasts for this page only */
  }
  memory.set(eventId, companyId);
  version++;
  listeners.forEach((l) => l());
}
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export interface CurrentCompany {
  company: CompanyDto | null;
  companies: CompanyDto[];
  loading: boolean;
  select(companyId: string): void;
}

/** The current exhibitor company of an event (id or code), or nothing when `event` is undefined. */
export function useCurrentCompany(event: string | undefined): CurrentCompany {
  const { data, isLoading } = useMyExhibitorCompaniesQuery(event ?? '', { skip: !event });
  useSyncExternalStore(subscribe, () => version);
  const companies = useMemo(() => (event && data ? data : []), [event, data]);
  const key = companies[0]?.eventId ?? event;
  const stored = key ? (memory.get(key) ?? read(key)) : null;
  const company = companies.find((c) => c._id === stored) ?? companies[0] ?? null;
  useEffect(() => {
    setCurrentCompany(company?._id ?? null);
  }, [company?._id]);
  const select = useCallback(
    (companyId: string) => {
      if (key) write(key, companyId);
      setCurrentCompany(companyId);
    },
    [key],
  );
  return { company, companies, loading: !!event && isLoading, select };
}
