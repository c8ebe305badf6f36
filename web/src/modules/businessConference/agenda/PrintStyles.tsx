import GlobalStyles from '@mui/material/GlobalStyles';

/**
 * Print stylesheet of the agenda pages: only the `.bc-print` area is printed, as a clean black-on-white table;
 * buttons, filters and the app's shell (`.bc-no-print` and everything else) are left out.
 */
export default function PrintStyles() {
  return (
    <GlobalStyles
      styles={{
        '@media print': {
          'body *': { visibility: 'hidden' },
          '.bc-print, .bc-print *': { visibility: 'visible' },
          '.bc-print': { position: 'absolute', left: 0, top: 0, width: '100%', overflow: 'visible !important', maxHeight: 'none !important' },
          '.bc-no-print': { display: 'none !important' },
          '.bc-print table': { borderCollapse: 'collapse', width: '100%', fontSize: '10pt' },
          '.bc-print th, .bc-print td': { border: '1px solid #000', padding: '2pt 4pt', color: '#000', background: '#fff' },
          '@page': { size: 'landscape', margin: '10mm' },
        },
      }}
    />
  );
}
