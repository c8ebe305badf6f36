import Box from '@mui/material/Box';
import { useEffect, useRef, useState } from 'react';
import type { createBrowserRouter } from 'react-router-dom';
import { i18n } from '../i18n';

/** Spec section 9: the bar appears after 200 ms, fills in about 5 s, and hides 500 ms after the end. */
export const PROGRESS_DELAY_MS = 200;
export const PROGRESS_DURATION_MS = 5000;
export const PROGRESS_HIDE_MS = 500;

type Phase = { kind: 'hidden' } | { kind: 'running' } | { kind: 'done'; failed: boolean };

type RouterLike = Pick<ReturnType<typeof createBrowserRouter>, 'subscribe' | 'state'>;

/** Top progress bar driven by the data router's navigation state: yellow while loading, red on failure. */
export function RouteProgressBar({ router }: { router: RouterLike }) {
  const [phase, setPhase] = useState<Phase>({ kind: 'hidden' });
  const [width, setWidth] = useState(0);
  const timers = useRef<{ start?: number; hide?: number; grow?: number }>({});
  const visible = useRef(false);

  useEffect(() => {
    const t = timers.current;
    const clear = (k: keyof typeof t) => {
      if (t[k] !== undefined) window.clearTimeout(t[k]);
      t[k] = undefined;
    };
    const unsubscribe = router.subscribe((state) => {
      if (state.navigation.state !== 'idle') {
        if (t.hide !== undefined) {
          // A new navigation while the previous bar is finishing: run again from the start.
          clear('hide');
          setWidth(0);
          setPhase({ kind: 'running' });
          t.grow = window.setTimeout(() => setWidth(95), 20);
          return;
        }
        if (visible.current || t.start !== undefined) return;
        t.start = window.setTimeout(() => {
          t.start = undefined;
          visible.current = true;
          setWidth(0);
          setPhase({ kind: 'running' });
          // Next frame: grow towards 95% over the whole duration (CSS transition).
          t.grow = window.setTimeout(() => setWidth(95), 20);
        }, PROGRESS_DELAY_MS);
        return;
      }
      clear('start');
      // Not shown, or already finishing (idle updates also notify subscribers).
      if (!visible.current || t.hide !== undefined) return;
      clear('grow');
      const failed = !!state.errors && Object.keys(state.errors).length > 0;
      setWidth(100);
      setPhase({ kind: 'done', failed });
      t.hide = window.setTimeout(() => {
        t.hide = undefined;
        visible.current = false;
        setPhase({ kind: 'hidden' });
        setWidth(0);
      }, PROGRESS_HIDE_MS);
    });
    return () => {
      unsubscribe();
      clear('start');
      clear('hide');
      clear('grow');
    };
  }, [router]);

  if (phase.kind === 'hidden') return null;
  const failed = phase.kind === 'done' && phase.failed;
  return (
    <Box
      role="progressbar"
      aria-label={i18n.t('shell.progress')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(width)}
      data-testid="route-progress"
      data-state={failed ? 'failed' : phase.kind}
      sx={{ position: 'fixed', top: 0, left: 0, right: 0, height: 3, zIndex: (th) => th.zIndex.tooltip + 1, pointerEvents: 'none' }}
    >
      <Box
        sx={{
          height: '100%',
          width: `${width}%`,
          bgcolor: failed ? '#e53935' : '#ffc107',
          boxShadow: failed ? '0 0 6px #e53935' : '0 0 6px #ffc107',
          transition: phase.kind === 'running' ? `width ${PROGRESS_DURATION_MS}ms cubic-bezier(0.1, 0.6, 0.3, 1)` : 'width 150ms ease-out',
        }}
      />
    </Box>
  );
}
