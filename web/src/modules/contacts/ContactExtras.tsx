import GroupAddIcon from '@mui/icons-material/GroupAddOutlined';
import PersonOffIcon from '@mui/icons-material/PersonOffOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { apiErrorMessage } from '../../app/api';
import { FormDialogActions } from '../../components/FormDialogActions';
import { useNotify } from '../../components/notify';
import { useTranslation } from '../../i18n';
import { useContactsBase } from './common';
import { useChangeMembersMutation, useEraseContactMutation, useGroupsQuery } from './groupsApi';
import { TasksGrid } from './TasksPage';

/** "Agregar a un grupo": the contacts grid's selection into one of the organizer's static lists. */
export function AddToGroupButton({ contactIds, onDone }: { contactIds: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const { client } = useContactsBase();
  const [open, setOpen] = useState(false);
  const groups = useGroupsQuery({ client }, { skip: !open });
  const [groupId, setGroupId] = useState('');
  const [add, adding] = useChangeMembersMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const lists = (groups.data ?? []).filter((g) => g.kind === 'static');
  const submit = async () => {
    try {
      const r = await add({ client, id: groupId, contactIds }).unwrap();
      notify(t('contacts.groups.addedToGroup', { count: r.data.added ?? 0, name: r.data.name }), 'success');
      setOpen(false);
      onDone();
    } catch (err) {
      setFailure(apiErrorMessage(err, t('contacts.form.saveFailed')));
    }
  };
  return (
    <>
      <Button startIcon={<GroupAddIcon />} disabled={contactIds.length === 0} onClick={() => setOpen(true)} data-testid="records-add-to-group">
        {t('contacts.groups.addSelection', { count: contactIds.length })}
      </Button>
      {open && (
        <Dialog open onClose={adding.isLoading ? undefined : () => setOpen(false)} aria-labelledby="add-to-group-title" fullWidth maxWidth="xs">
          <DialogTitle id="add-to-group-title">{t('contacts.groups.addSelectionTitle')}</DialogTitle>
          <DialogContent>
            {groups.data && lists.length === 0 ? (
              <Alert severity="info">{t('contacts.groups.noStatic')}</Alert>
            ) : (
              <TextField select fullWidth label={t('contacts.groups.group')} value={groupId} onChange={(e) => setGroupId(e.target.value)} sx={{ mt: 1 }}>
                {lists.map((g) => (
                  <MenuItem key={g._id} value={g._id}>
                    {g.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
            {failure && <Alert severity="error" sx={{ mt: 1 }}>{failure}</Alert>}
          </DialogContent>
          <FormDialogActions onCancel={() => setOpen(false)} onSubmit={() => void submit()} busy={adding.isLoading} submitDisabled={!groupId} submitLabel={t('contacts.groups.addConfirm')} />
        </Dialog>
      )}
    </>
  );
}

/** "Suprimir datos personales" (derecho de supresión): confirmation, then the audit of the erased contact. */
export function EraseContactButton({ contactId, name }: { contactId: string; name: string }) {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const navigate = useNavigate();
  const { client, base } = useContactsBase();
  const [open, setOpen] = useState(false);
  const [erase, erasing] = useEraseContactMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const confirm = async () => {
    try {
      await erase({ client, id: contactId }).unwrap();
      notify(t('contacts.erase.done'), 'success');
      navigate(`${base}/audit`);
    } catch (err) {
      setFailure(apiErrorMessage(err, t('contacts.erase.failed')));
    }
  };
  return (
    <>
      <Button color="error" startIcon={<PersonOffIcon />} onClick={() => setOpen(true)} data-testid="contact-erase">
        {t('contacts.erase.action')}
      </Button>
      {open && (
        <Dialog open onClose={erasing.isLoading ? undefined : () => setOpen(false)} aria-labelledby="erase-title">
          <DialogTitle id="erase-title">{t('contacts.erase.title')}</DialogTitle>
          <DialogContent>
            <DialogContentText>{t('contacts.erase.text', { name })}</DialogContentText>
            {failure && <DialogContentText sx={{ color: 'error.main', mt: 1 }}>{failure}</DialogContentText>}
          </DialogContent>
          <FormDialogActions onCancel={() => setOpen(false)} onSubmit={() => void confirm()} busy={erasing.isLoading} danger submitLabel={t('contacts.erase.confirm')} submitTestId="contact-erase-confirm" />
        </Dialog>
      )}
    </>
  );
}

/** The contact's follow-ups on its detail page. */
export function ContactTasks({ contactId, name }: { contactId: string; name: string }) {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-labelledby="contact-tasks-title" sx={{ gridColumn: { md: '1 / -1' }, minWidth: 0 }}>
      <Typography id="contact-tasks-title" component="h2" variant="h6" sx={{ mb: 1 }}>
        {t('contacts.tasks.title')}
      </Typography>
      <TasksGrid contact={{ _id: contactId, name }} />
    </Box>
  );
}
