import { createTheme } from '@mui/material/styles';

/** Layout breakpoints of the spec (950, 960, 1060, 1264 px) as media queries usable in `sx`. */
export const layout = {
  /** Footer and two-column forms stack below this width. */
  stack: '@media (max-width:949.95px)',
  /** The search box collapses to an icon below this width. */
  compactBar: '@media (max-width:959.95px)',
  /** Content switches from one to two columns from this width. */
  wide: '@media (min-width:1060px)',
  /** The user drawer is permanent from this width. */
  drawerPermanent: '@media (min-width:1264px)',
} as const;

export const DRAWER_WIDTH = 256;

export const theme = createTheme({
  breakpoints: { values: { xs: 0, sm: 600, md: 960, lg: 1264, xl: 1904 } },
  palette: {
    // #ee6932 on white is 3.2:1; text on primary buttons uses the dark variant for AA contrast.
    primary: { main: '#ee6932', dark: '#b8460f', contrastText: '#ffffff' },
    secondary: { main: '#1f2a44' },
    warning: { main: '#f5c400' },
    background: { default: '#f6f7f9' },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    button: { textTransform: 'none', fontWeight: 600 },
    h1: { fontWeight: 800 },
    h2: { fontWeight: 700 },
  },
  components: {
    MuiButton: {
      // White text on #ee6932 fails WCAG AA; contained primary buttons use a darker shade of it.
      variants: [
        { props: { variant: 'contained', color: 'primary' }, style: { backgroundColor: '#c4501a', '&:hover': { backgroundColor: '#a8420f' } } },
        // #ee6932 text on white is 3.2:1: outlined and text primary buttons use the dark shade (AA).
        { props: { variant: 'outlined', color: 'primary' }, style: { color: '#b8460f', borderColor: 'rgba(184,70,15,0.5)' } },
        { props: { variant: 'text', color: 'primary' }, style: { color: '#b8460f' } },
      ],
    },
    MuiTab: { styleOverrides: { root: { '&.Mui-selected': { color: '#b8460f' } } } },
    MuiToggleButton: { styleOverrides: { root: { '&.Mui-selected': { color: '#b8460f' } } } },
    MuiChip: { styleOverrides: { colorPrimary: { backgroundColor: '#c4501a' } } },
    MuiLink: { defaultProps: { color: '#b8460f' } },
    // Focused labels and outlines in #ee6932 are below 4.5:1 on white; the darker shade keeps AA contrast.
    MuiInputLabel: { styleOverrides: { root: { '&.Mui-focused:not(.Mui-error)': { color: '#b8460f' } } } },
    MuiOutlinedInput: {
      styleOverrides: { root: { '&.Mui-focused:not(.Mui-error) .MuiOutlinedInput-notchedOutline': { borderColor: '#b8460f' } } },
    },
  },
});
