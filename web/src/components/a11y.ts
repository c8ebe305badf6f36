import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Accessibility helpers shared by every form and by the shell: screen-reader announcements, the focus after a
 * failed submit and the focus after a route change.
 */

let region: HTMLElement | null = null;

/**
 * Says `text` to screen readers through one visually hidden role="alert" region of the page. The text is set
 * on the next frame, so that the same message said twice (two failed submits) is announced twice.
 */
export function announce(text: string) {
  if (typeof document === 'undefined') return;
  if (!region || !region.isConnected) {
    region = document.createElement('div');
    region.setAttribute('role', 'alert');
    region.setAttribute('data-testid', 'a11y-announcer');
    Object.assign(region.style, { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' });
    document.body.appendChild(region);
  }
  const target = region;
  target.textContent = '';
  requestAnimationFrame(() => {
    target.textContent = text;
  });
}

/** "Label: error" of an invalid field (its label and the helper text it is described by). */
function describeInvalid(field: HTMLElement): string {
  const label = (field as HTMLInputElement).labels?.[0]?.textContent?.replace(/\s*\*\s*$/, '').trim() ?? field.getAttribute('aria-label') ?? '';
  const error = (field.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .map((id) => (id ? document.getElementById(id)?.textContent?.trim() : ''))
    .filter(Boolean)
    .join(' ');
  return [label, error].filter(Boolean).join(': ');
}

/**
 * For a form whose submit can fail validation: put `ref` on the form (or its container) and call `failed()`
 * after setting the field errors. Once they are rendered, focus moves to the first invalid field in the page's
 * order (MUI marks it aria-invalid) and its label and error are announced.
 */
export function useInvalidFocus<E extends HTMLElement = HTMLFormElement>() {
  const ref = useRef<E>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!attempt || !ref.current) return;
    const field = ref.current.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!field) return;
    field.focus();
    announce(describeInvalid(field));
  }, [attempt]);
  const failed = useCallback(() => setAttempt((n) => n + 1), []);
  return { ref, failed };
}

/**
 * After a client-side navigation to another path, focus moves to the new page's h1 (made focusable with
 * tabindex=-1), so screen-reader users hear where they are. Not on the first load (the browser's own start),
 * not when the new page put the focus in a field itself, and not for changes of the query or hash alone.
 */
export function useRouteFocus() {
  const { pathname } = useLocation();
  const previous = useRef<string | null>(null);
  // The old page's heading, read while rendering, i.e. before this navigation's DOM changes are committed.
  const before = useMemo(() => (typeof document === 'undefined' ? null : document.querySelector('main h1')), [pathname]);
  const beforeText = useMemo(() => before?.textContent ?? null, [before]);
  useEffect(() => {
    const first = previous.current === null;
    const changed = previous.current !== pathname;
    previous.current = pathname;
    if (first || !changed) return;
    let done = false;
    const tryFocus = () => {
      if (done) return;
      const active = document.activeElement;
      if (active && active.matches('input, textarea, select, [contenteditable="true"]') && active.closest('main')) return finish();
      const h1 = document.querySelector<HTMLElement>('main h1');
      // Lazy pages: wait for the new page's heading, not the old one still on screen.
      if (!h1 || (h1 === before && h1.textContent === beforeText)) return;
      if (!h1.hasAttribute('tabindex')) {
        h1.setAttribute('tabindex', '-1');
        h1.style.outline = 'none'; // focused by the app, not by the user's keyboard: no focus ring on a heading
      }
      h1.focus({ preventScroll: true });
      finish();
    };
    const observer = new MutationObserver(tryFocus);
    const timer = window.setTimeout(() => finish(), 5000);
    function finish() {
      done = true;
      observer.disconnect();
      window.clearTimeout(timer);
    }
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    tryFocus();
    return finish;
  }, [pathname]); // eslint-disable-line react-hooks/exhaustive-deps
}
