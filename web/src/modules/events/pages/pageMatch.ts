import { createContext, useContext } from 'react';

/**
 * Parameterized page suffixes of the module area: a page map may hold keys like '/offer/schedules/:id'; a page
 * that is not in the map exactly matches such a key segment by segment (each ':name' takes one non-empty segment).
 */
export function matchPage<T>(pages: Record<string, T> | undefined, page: string): { value: T; params: Record<string, string> } | null {
  if (!pages) return null;
  if (page in pages) return { value: pages[page], params: {} };
  const segs = page.split('/');
  for (const [key, value] of Object.entries(pages)) {
    if (!key.includes('/:')) continue;
    const parts = key.split('/');
    if (parts.length !== segs.length) continue;
    const params: Record<string, string> = {};
    const ok = parts.every((p, i) => {
      if (!p.startsWith(':')) return p === segs[i];
      if (!segs[i]) return false;
      try {
        params[p.slice(1)] = decodeURIComponent(segs[i]);
      } catch {
        return false;
      }
      return true;
    });
    if (ok) return { value, params };
  }
  return null;
}

export const PageParamsContext = createContext<Record<string, string>>({});

/** The ':name' parts of the current module-area page (e.g. the meeting id of '/offer/schedules/:id'). */
export function usePageParam(name: string): string | undefined {
  return useContext(PageParamsContext)[name];
}
