import SearchIcon from '@mui/icons-material/Search';
import IconButton from '@mui/material/IconButton';
import Box from '@mui/material/Box';
import { useEffect, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { useTranslation } from '../i18n';
import { useNavigate } from 'react-router-dom';
import { layout } from '../app/theme';

/** Spec section 9: the text clears 2 s after a search is submitted. */
export const SEARCH_CLEAR_MS = 2000;

/** Enter submits a non-empty search to /searchEvent/{search}; below 960 px the box collapses to an icon. */
export function SearchBox() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const clearTimer = useRef<number | undefined>(undefined);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => () => window.clearTimeout(clearTimer.current), []);

  const submit = () => {
    const search = text.trim();
    if (!search) return;
    navigate(`/searchEvent/${encodeURIComponent(search)}`);
    window.clearTimeout(clearTimer.current);
    clearTimer.current = window.setTimeout(() => {
      setText('');
      setOpen(false);
    }, SEARCH_CLEAR_MS);
  };

  return (
    <Box component="search" sx={{ display: 'flex', alignItems: 'center', flex: { xs: '0 0 auto', md: '0 1 420px' }, minWidth: 0 }}>
      <IconButton
        aria-label={t('shell.openSearch')}
        aria-expanded={open}
        onClick={() => {
          setOpen((o) => !o);
          window.setTimeout(() => inputRef.current?.focus(), 0);
        }}
        sx={{ color: 'inherit', display: 'none', [layout.compactBar]: { display: 'inline-flex' } }}
      >
        <SearchIcon />
      </IconButton>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          width: '100%',
          bgcolor: 'rgba(255,255,255,0.16)',
          border: '1px solid rgba(255,255,255,0.35)',
          borderRadius: 999,
          px: 1.5,
          '&:focus-within': { bgcolor: 'rgba(255,255,255,0.24)', borderColor: '#fff' },
          [layout.compactBar]: open
            ? { position: 'absolute', left: 8, right: 8, top: '100%', mt: 0.5, bgcolor: '#2a3350', zIndex: 2, width: 'auto', boxShadow: 4, '&:focus-within': { bgcolor: '#2a3350' } }
            : { display: 'none' },
        }}
      >
        <SearchIcon aria-hidden fontSize="small" sx={{ mr: 1, opacity: 0.9 }} />
        {/* A native input: MUI InputBase would add ~5 KB gzip to every page for one search field. */}
        <Box
          component="input"
          ref={inputRef}
          type="search"
          enterKeyHint="search"
          value={text}
          onChange={(e: ChangeEvent<HTMLInputElement>) => setText(e.target.value)}
          onKeyDown={(e: KeyboardEvent<HTMLInputElement>) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              submit();
            }
          }}
          placeholder={t('shell.searchPlaceholder')}
          aria-label={t('shell.searchLabel')}
          data-testid="search-event"
          sx={{
            color: 'inherit',
            flex: 1,
            minWidth: 0,
            py: 1,
            border: 0,
            outline: 0,
            background: 'transparent',
            font: 'inherit',
            '&::placeholder': { color: '#fff', opacity: 0.85 },
            '&::-webkit-search-cancel-button': { filter: 'invert(1)' },
          }}
        />
      </Box>
    </Box>
  );
}
