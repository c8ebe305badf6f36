import type { ChatGroupEntry, ChatListEntry } from '@contracts/chat';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useRef, useState } from 'react';
import { newClientId } from '../../../app/clientId';
import { FormDialogActions } from '../../../components/FormDialogActions';
import { useTranslation } from '../../../i18n';
import { useAppDispatch } from '../../../app/store';
import { addGroup } from '../chatActions';
import { useCreateGroupMutation } from '../chatApi';
import { ContactChecklist } from './ContactChecklist';

/** Group names: 1..80 characters after trimming (the server allows 100; the UI keeps names short). */
export const GROUP_NAME_MAX = 80;

interface Props {
  open: boolean;
  contacts: ChatListEntry[];
  onClose: () => void;
  onCreated: (group: ChatGroupEntry) => void;
}

/** "Nuevo grupo": a name and at least one contact; POST chatRoom with a client-made id (retry-safe). */
export function NewGroupDialog({ open, contacts, onClose, onCreated }: Props) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [name, setName] = useState('');
  const [members, setMembers] = useState<string[]>([]);
  const [submitted, setSubmitted] = useState(false);
  const [create, { isLoading }] = useCreateGroupMutation();
  const [failure, setFailure] = useState<string | null>(null);
  // One id per dialog opening: a retry after a lost answer returns the same room instead of a second one.
  const roomId = useRef(newClientId());

  const trimmed = name.trim();
  const nameError = !trimmed ? t('chat.groups.dialog.nameRequired') : trimmed.length > GROUP_NAME_MAX ? t('chat.groups.dialog.nameTooLong') : null;
  const membersError = members.length === 0 ? t('chat.groups.dialog.membersHint') : null;

  const reset = () => {
    setName('');
    setMembers([]);
    setSubmitted(false);
    setFailure(null);
    roomId.current = newClientId();
  };
  const close = () => {
    if (isLoading) return;
    reset();
    onClose();
  };
  const submit = async () => {
    setSubmitted(true);
    if (nameError || membersError) return;
    setFailure(null);
    const res = await create({ id: roomId.current, name: trimmed, members });
    if ('data' in res && res.data) {
      const group = res.data;
      dispatch(addGroup(group));
      reset();
      onCreated(group);
    } else {
      const body = 'error' in res ? (res.error as { data?: { messagePublic?: unknown } }).data : undefined;
      setFailure(typeof body?.messagePublic === 'string' && body.messagePublic ? body.messagePublic : t('chat.groups.dialog.error'));
    }
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby="chat-new-group-title" fullWidth maxWidth="xs" data-testid="chat-new-group-dialog">
      <DialogTitle id="chat-new-group-title">{t('chat.groups.dialog.title')}</DialogTitle>
      <DialogContent>
        <form
          id="chat-new-group-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <TextField
            label={t('chat.groups.dialog.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            fullWidth
            autoFocus
            margin="dense"
            error={submitted && !!nameError}
            helperText={(submitted && nameError) || `${trimmed.length}/${GROUP_NAME_MAX}`}
            slotProps={{ htmlInput: { maxLength: GROUP_NAME_MAX + 20, 'data-testid': 'chat-group-name' } }}
          />
          <ContactChecklist
            label={t('chat.groups.dialog.members')}
            contacts={contacts}
            selected={members}
            onChange={setMembers}
            empty={t('chat.groups.dialog.noContacts')}
            error={submitted ? membersError : null}
          />
          {failure && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {failure}
            </Alert>
          )}
        </form>
      </DialogContent>
      <FormDialogActions
        onCancel={close}
        cancelLabel={t('chat.groups.dialog.cancel')}
        form="chat-new-group-form"
        busy={isLoading}
        submitLabel={t('chat.groups.dialog.create')}
        submitTestId="chat-group-create"
      />
    </Dialog>
  );
}
