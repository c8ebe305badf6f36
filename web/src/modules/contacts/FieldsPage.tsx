import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CUSTOM_FIELD_TYPES, type CustomField, type CustomFieldType, type RecordEntity } from '@contracts/contacts';
import { useEffect, useState } from 'react';
import { apiErrorMessage } from '../../app/api';
import { ErrorView, describeError } from '../../components/ErrorPage';
import { useNotify } from '../../components/notify';
import { useTranslation } from '../../i18n';
import { PageHeader } from '../events/components/common';
import { useCustomFieldsQuery, useSaveCustomFieldsMutation } from './api';
import { useContactsBase } from './common';

type Row = { key: string; label: string; type: CustomFieldType; required: boolean; options: string; saved: boolean };

/** A key from the label: letters and digits without accents, camelCase ("Fecha de nacimiento" -> fechaDeNacimiento). */
function keyFrom(label: string, taken: Set<string>): string {
  const words = label
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-zA-Z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  let key = words.map((w, i) => (i === 0 ? w.toLowerCase() : w[0].toUpperCase() + w.slice(1).toLowerCase())).join('').slice(0, 32) || 'campo';
  if (!/^[a-zA-Z]/.test(key)) key = `c${key}`;
  let candidate = key;
  for (let n = 2; taken.has(candidate); n++) candidate = `${key}${n}`;
  return candidate;
}

const toRow = (f: CustomField): Row => ({ key: f.key, label: f.label, type: f.type, required: f.required, options: f.options.join(', '), saved: true });

/** settings/contactFields and settings/companyFields: the organizer's custom fields (text, number, date, choices). */
function FieldsPage({ entity }: { entity: RecordEntity }) {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const { client } = useContactsBase();
  const { data, error } = useCustomFieldsQuery({ client, entity });
  const [save, saving] = useSaveCustomFieldsMutation();
  const [rows, setRows] = useState<Row[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    if (data && rows === null) setRows(data.map(toRow));
  }, [data, rows]);
  if (error) return <ErrorView {...describeError(error)} />;
  if (!rows) return <LinearProgress aria-label={t('common.loading')} />;

  const setRow = (i: number, part: Partial<Row>) => setRows(rows.map((r, j) => (j === i ? { ...r, ...part } : r)));
  const submit = async () => {
    setFailure(null);
    const taken = new Set(rows.filter((r) => r.saved).map((r) => r.key));
    const fields: CustomField[] = rows.map((r) => {
      const key = r.saved ? r.key : keyFrom(r.label, taken);
      taken.add(key);
      const choice = r.type === 'choice' || r.type === 'multiChoice';
      return { key, label: r.label.trim(), type: r.type, required: r.required, options: choice ? r.options.split(',').map((o) => o.trim()).filter(Boolean) : [] };
    });
    try {
      const res = await save({ client, entity, fields }).unwrap();
      setRows(res.data.map(toRow));
      notify(t('contacts.fields.saved'), 'success');
    } catch (err) {
      setFailure(apiErrorMessage(err, t('contacts.fields.saveFailed')));
    }
  };

  return (
    <>
      <PageHeader title={t(`contacts.fields.title_${entity}`)} subtitle={t('contacts.fields.subtitle')} />
      <Box component="form" noValidate onSubmit={(e) => { e.preventDefault(); void submit(); }} sx={{ display: 'grid', gap: 2 }}>
        {rows.length === 0 && <Typography color="text.secondary">{t('contacts.fields.empty')}</Typography>}
        {rows.map((r, i) => (
          <Paper key={i} variant="outlined" sx={{ p: 2, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr auto auto' }, alignItems: 'center' }} aria-label={r.label || t('contacts.fields.newField')}>
            <TextField id={`field-${i}-label`} label={t('contacts.fields.label')} value={r.label} required onChange={(e) => setRow(i, { label: e.target.value })} helperText={r.saved ? t('contacts.fields.key', { key: r.key }) : ' '} slotProps={{ htmlInput: { maxLength: 80, 'data-testid': `field-${i}-label` } }} />
            <TextField id={`field-${i}-type`} select label={t('contacts.fields.type')} value={r.type} onChange={(e) => setRow(i, { type: e.target.value as CustomFieldType })} helperText=" ">
              {CUSTOM_FIELD_TYPES.map((type) => (
                <MenuItem key={type} value={type}>
                  {t(`contacts.fields.type_${type}`)}
                </MenuItem>
              ))}
            </TextField>
            <FormControlLabel control={<Switch checked={r.required} onChange={(e) => setRow(i, { required: e.target.checked })} />} label={t('contacts.fields.required')} />
            <IconButton aria-label={t('contacts.fields.remove', { label: r.label })} onClick={() => setRows(rows.filter((_, j) => j !== i))}>
              <DeleteIcon />
            </IconButton>
            {(r.type === 'choice' || r.type === 'multiChoice') && (
              <TextField id={`field-${i}-options`} label={t('contacts.fields.options')} value={r.options} onChange={(e) => setRow(i, { options: e.target.value })} helperText={t('contacts.fields.optionsHelp')} sx={{ gridColumn: '1 / -1' }} />
            )}
          </Paper>
        ))}
        {failure && <Alert severity="error">{failure}</Alert>}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button startIcon={<AddIcon />} onClick={() => setRows([...rows, { key: '', label: '', type: 'text', required: false, options: '', saved: false }])} data-testid="field-add">
            {t('contacts.fields.add')}
          </Button>
          <Button type="submit" variant="contained" disabled={saving.isLoading} data-testid="fields-save">
            {saving.isLoading ? t('contacts.form.saving') : t('contacts.fields.save')}
          </Button>
        </Box>
      </Box>
    </>
  );
}

export const ContactFieldsPage = () => <FieldsPage entity="contact" />;
export const CompanyFieldsPage = () => <FieldsPage entity="company" />;
