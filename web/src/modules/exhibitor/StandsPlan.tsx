import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import type { StandDto, StandStatus } from '@contracts/exhibitor-stands';
import { useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from '../../i18n';
import { moneyMinor } from '../sales/checkout/format';

/** Colours of the stand statuses (text stays dark on every fill: AA contrast). */
export const STATUS_COLORS: Record<StandStatus, string> = { free: '#b9f6ca', reserved: '#ffe082', sold: '#ef9a9a', blocked: '#cfd8dc' };

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The floor plan: the uploaded image (or a grid) with the stands as rectangles in percent of the plan, so it
 * scales from a phone to a desktop. `onMove` makes stands draggable (the organizer); a click (no drag) calls
 * `onSelect` when the stand is `selectable`.
 */
export function StandsPlan({
  stands,
  imageUrl,
  label,
  onSelect,
  selectable = () => true,
  onMove,
}: {
  stands: StandDto[];
  imageUrl: string | null;
  label: string;
  onSelect?: (stand: StandDto) => void;
  selectable?: (stand: StandDto) => boolean;
  onMove?: (stand: StandDto, pos: { x: number; y: number }) => void;
}) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const drag = useRef<{ id: string; startX: number; startY: number; x: number; y: number; moved: boolean } | null>(null);
  const [moving, setMoving] = useState<{ id: string; x: number; y: number } | null>(null);

  const down = (s: StandDto) => (e: ReactPointerEvent) => {
    if (!onMove) return;
    (e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId);
    drag.current = { id: s._id, startX: e.clientX, startY: e.clientY, x: s.x, y: s.y, moved: false };
  };
  const move = (s: StandDto) => (e: ReactPointerEvent) => {
    const d = drag.current;
    const rect = box.current?.getBoundingClientRect();
    if (!d || d.id !== s._id || !rect) return;
    const dx = ((e.clientX - d.startX) / rect.width) * 100;
    const dy = ((e.clientY - d.startY) / rect.height) * 100;
    if (!d.moved && Math.abs(e.clientX - d.startX) + Math.abs(e.clientY - d.startY) < 4) return;
    d.moved = true;
    setMoving({ id: s._id, x: round2(clamp(d.x + dx, 0, 100 - s.w)), y: round2(clamp(d.y + dy, 0, 100 - s.h)) });
  };
  const up = (s: StandDto) => () => {
    const d = drag.current;
    drag.current = null;
    if (d?.moved && moving && moving.id === s._id) {
      onMove?.(s, { x: moving.x, y: moving.y });
      return;
    }
    setMoving(null);
    if (onSelect && selectable(s)) onSelect(s);
  };

  return (
    <Box
      ref={box}
      role="group"
      aria-label={label}
      data-testid="stands-plan"
      sx={{
        position: 'relative',
        width: '100%',
        aspectRatio: '16 / 10',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        overflow: 'hidden',
        touchAction: onMove ? 'none' : 'auto',
        backgroundColor: '#fafafa',
        backgroundImage: imageUrl ? `url(${imageUrl})` : 'linear-gradient(#e0e0e0 1px, transparent 1px), linear-gradient(90deg, #e0e0e0 1px, transparent 1px)',
        backgroundSize: imageUrl ? '100% 100%' : '5% 8%',
      }}
    >
      {stands.map((s) => {
        const pos = moving?.id === s._id ? moving : s;
        const price = moneyMinor(s.price, s.currency);
        const status = t(`exhibitor.stands.status.${s.status}`);
        const canClick = !!onMove || (!!onSelect && selectable(s));
        return (
          <ButtonBase
            key={s._id}
            data-testid={`stand-${s.code}`}
            data-status={s.status}
            aria-label={t('exhibitor.stands.standLabel', { code: s.code, status, area: s.area, price })}
            disabled={!canClick}
            onPointerDown={down(s)}
            onPointerMove={move(s)}
            onPointerUp={up(s)}
            onClick={(e) => {
              // Keyboard activation (pointer clicks are handled on pointer up).
              if (e.detail === 0 && onSelect && selectable(s)) onSelect(s);
            }}
            sx={{
              position: 'absolute',
              left: `${pos.x}%`,
              top: `${pos.y}%`,
              width: `${s.w}%`,
              height: `${s.h}%`,
              bgcolor: STATUS_COLORS[s.status],
              color: '#1b1b1b',
              border: '2px solid #37474f',
              borderRadius: 0.5,
              fontWeight: 700,
              fontSize: { xs: 11, sm: 14 },
              cursor: onMove ? 'grab' : canClick ? 'pointer' : 'default',
              overflow: 'hidden',
              '&.Mui-disabled': { color: '#1b1b1b' },
              '&:focus-visible': { outline: '3px solid #1565c0', outlineOffset: 1 },
            }}
          >
            {s.code}
          </ButtonBase>
        );
      })}
    </Box>
  );
}

export function StatusLegend() {
  const { t } = useTranslation();
  return (
    <Box component="ul" aria-label={t('exhibitor.expo.legend')} sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', listStyle: 'none', p: 0, m: 0, mt: 1 }}>
      {(Object.keys(STATUS_COLORS) as StandStatus[]).map((k) => (
        <Box component="li" key={k} sx={{ display: 'flex', alignItems: 'center', gap: 0.75, fontSize: 14 }}>
          <Box sx={{ width: 14, height: 14, bgcolor: STATUS_COLORS[k], border: '1px solid #37474f' }} />
          {t(`exhibitor.stands.status.${k}`)}
        </Box>
      ))}
    </Box>
  );
}
