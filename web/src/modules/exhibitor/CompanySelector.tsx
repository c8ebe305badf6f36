import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { useEffect, useState } from 'react';
import { loadStrings, useTranslation } from '../../i18n';
import type { CurrentCompany } from './useCompany';

/** The toolbar's exhibitor company selector (spec 2 "Layouts and toolbars"): shown in the exhibitor module with companies. */
export function CompanySelector({ state }: { state: CurrentCompany }) {
  const { t } = useTranslation();
  const { company, companies, select } = state;
  // The toolbar belongs to the events area: the label's bundle may not be loaded by a page yet.
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void loadStrings(['exhibitor']).then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);
  if (companies.length === 0 || !ready) return null;
  return (
    <FormControl size="small" sx={{ minWidth: 180, maxWidth: { xs: '100%', sm: 280 }, flex: { xs: '1 1 180px', sm: '0 1 auto' } }}>
      <InputLabel id="exhibitor-company-select-label">{t('exhibitor.selector')}</InputLabel>
      <Select labelId="exhibitor-company-select-label" label={t('exhibitor.selector')} value={company?._id ?? ''} onChange={(e) => select(String(e.target.value))} data-testid="exhibitor-company-select">
        {companies.map((c) => (
          <MenuItem key={c._id} value={c._id}>
            {c.name}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
