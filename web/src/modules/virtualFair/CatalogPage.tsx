import AddIcon from '@mui/icons-material/Add';
import ArchiveIcon from '@mui/icons-material/ArchiveOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { CATALOG_KINDS, type CatalogKind } from '@contracts/virtualFair';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import { apiErrorBody, apiErrorMessage } from '../../app/api';
import { newClientId } from '../../app/clientId';
import { ErrorView, describeError } from '../../components/ErrorPage';
import { FormDialogActions } from '../../components/FormDialogActions';
import { useNotify } from '../../components/notify';
import { useTranslation } from '../../i18n';
import {
  useArchiveVirtualFairCatalogItemMutation,
  useCreateVirtualFairCatalogItemMutation,
  useUpdateVirtualFairCatalogItemMutation,
  useVirtualFairCatalogQuery,
  type CatalogItemDto,
} from './api';

const P = 'virtualFair.catalog';
type Field = 'name' | 'description' | 'imageUrl' | 'capacity' | 'link';
/** Which fields each catalogue shows (the server drops the others). */
const FIELDS: Record<CatalogKind, Field[]> = {
  fairground: ['name', 'description', 'imageUrl', 'capacity'],
  stands: ['name', 'description', 'imageUrl'],
  auditoriums: ['name', 'description', 'imageUrl', 'capacity', 'link'],
  meetingRooms: ['name', 'description', 'imageUrl', 'capacity', 'link'],
};

function ItemDialog({ kind, item, onClose }: { kind: CatalogKind; item: CatalogItemDto | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const fullScreen = useMediaQuery('(max-width:599.95px)');
  const [create, createState] = useCreateVirtualFairCatalogItemMutation();
  const [update, updateState] = useUpdateVirtualFairCatalogItemMutation();
  const busy = createState.isLoading || updateState.isLoading;
  // One client id per dialog: a retried create never makes a second item.
  const [clientId] = useState(newClientId);
  const [form, setForm] = useState<Record<Field, string>>({
    name: item?.name ?? '',
    description: item?.description ?? '',
    imageUrl: item?.imageUrl ?? '',
    capacity: String(item?.capacity ?? (kind === 'stands' ? 0 : 1)),
    link: item?.link ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const capacity = Number(form.capacity);
    const errs: Partial<Record<Field, string>> = {};
    if (!form.name.trim()) errs.name = t(`${P}.nameRequired`);
    if (FIELDS[kind].includes('capacity') && (!Number.isInteger(capacity) || capacity < (kind === 'fairground' ? 1 : 0))) errs.capacity = t(`${P}.capacityInvalid.${kind}`);
    if (Object.keys(errs).length) return setErrors(errs);
    const body = { name: form.name, description: form.description, imageUrl: form.imageUrl || null, capacity: FIELDS[kind].includes('capacity') ? capacity : 0, link: form.link || null };
    setFailure(null);
    try {
      if (item) await update({ kind, id: item._id, body: { ...body, expectedVersion: item.version } }).unwrap();
      else await create({ kind, body: { ...body, clientId } }).unwrap();
      notify(t(item ? `${P}.updated` : `${P}.created`), 'success');
      onClose();
    } catch (error) {
      const field = apiErrorBody(error)?.errors?.[0]?.path as Field | undefined;
      const message = apiErrorMessage(error, t(`${P}.saveFailed`));
      if (field && FIELDS[kind].includes(field)) setErrors({ [field]: message });
      else setFailure(message);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby="catalog-dialog-title">
      <DialogTitle id="catalog-dialog-title">{item ? t(`${P}.editTitle`, { name: item.name }) : t(`${P}.newTitle.${kind}`)}</DialogTitle>
      <DialogContent>
        <Stack component="form" id="catalog-form" noValidate onSubmit={(e) => void submit(e)} spacing={2} sx={{ pt: 1 }}>
          {FIELDS[kind].map((k) => (
            <TextField
              key={k}
              id={`catalog-${k}`}
              name={k}
              label={t(`${P}.field.${k === 'capacity' ? `capacity_${kind}` : k}`)}
              value={form[k]}
              onChange={(e) => (setForm((f) => ({ ...f, [k]: e.target.value })), setErrors((x) => ({ ...x, [k]: undefined })))}
              error={!!errors[k]}
              helperText={errors[k]}
              required={k === 'name' || (k === 'capacity' && kind === 'fairground')}
              type={k === 'capacity' ? 'number' : k === 'imageUrl' || k === 'link' ? 'url' : 'text'}
              multiline={k === 'description'}
              minRows={k === 'description' ? 2 : undefined}
              fullWidth
            />
          ))}
          {failure && <DialogContentText sx={{ color: 'error.main' }}>{failure}</DialogContentText>}
        </Stack>
      </DialogContent>
      <FormDialogActions onCancel={onClose} form="catalog-form" busy={busy} submitLabel={t('common.save')} submitTestId="catalog-save" />
    </Dialog>
  );
}

/** Admin "Ferias virtuales" pages: one catalogue per kind (Recinto, Stands, Auditorios, Sala de reuniones). */
export function Component() {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const { kind: raw = '' } = useParams();
  const kind: CatalogKind = (CATALOG_KINDS as readonly string[]).includes(raw) ? (raw as CatalogKind) : 'fairground';
  const list = useVirtualFairCatalogQuery(kind);
  const [archive] = useArchiveVirtualFairCatalogItemMutation();
  const [editing, setEditing] = useState<CatalogItemDto | 'new' | null>(null);
  if (list.error) return <ErrorView {...describeError(list.error)} />;
  const items = list.data ?? [];
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
          {t(`admin.menu.${kind}`)}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
          {t(`${P}.add`)}
        </Button>
      </Stack>
      <Typography color="text.secondary">{t(`${P}.subtitle.${kind}`)}</Typography>
      {!list.isLoading && items.length === 0 && <Typography>{t(`${P}.empty`)}</Typography>}
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t(`admin.menu.${kind}`)}>
        {items.map((i) => (
          <Paper component="li" key={i._id} variant="outlined" sx={{ p: 2, display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Stack sx={{ flex: 1, minWidth: 180 }}>
              <Typography sx={{ fontWeight: 700 }}>{i.name}</Typography>
              {i.description && <Typography variant="body2" color="text.secondary">{i.description}</Typography>}
              {kind !== 'stands' && <Typography variant="body2">{t(`${P}.capacityShown.${kind}`, { count: i.capacity })}</Typography>}
            </Stack>
            {i.archived ? (
              <Chip label={t(`${P}.archived`)} size="small" />
            ) : (
              <>
                <Tooltip title={t(`${P}.edit`)}>
                  <IconButton aria-label={t(`${P}.editNamed`, { name: i.name })} onClick={() => setEditing(i)}>
                    <EditIcon />
                  </IconButton>
                </Tooltip>
                <Tooltip title={t(`${P}.archive`)}>
                  <IconButton
                    aria-label={t(`${P}.archiveNamed`, { name: i.name })}
                    onClick={() => void archive({ kind, id: i._id }).unwrap().then(() => notify(t(`${P}.archivedDone`), 'success'), (e: unknown) => notify(apiErrorMessage(e, t(`${P}.saveFailed`)), 'error'))}
                  >
                    <ArchiveIcon />
                  </IconButton>
                </Tooltip>
              </>
            )}
          </Paper>
        ))}
      </Stack>
      {editing && <ItemDialog key={kind} kind={kind} item={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
