import type { AuthUser } from '@contracts/accounts';
import type { ChatGroupEntry, ChatListEntry } from '@contracts/chat';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import LogoutIcon from '@mui/icons-material/Logout';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import { useState } from 'react';
import { FormDialogActions } from '../../../components/FormDialogActions';
import { useTranslation } from '../../../i18n';
import { useAppDispatch } from '../../../app/store';
import { addGroup, removeGroup } from '../chatActions';
import { chatApi, useAddGroupMembersMutation, useChatUsersQuery, useLeaveGroupMutation } from '../chatApi';
import { ChatAvatar } from './ChatAvatar';
import { ConfirmDiscardDialog } from './ConfirmDiscardDialog';
import { ContactChecklist } from './ContactChecklist';

/** The server's Spanish message of a failed call, or a fallback. */
function failureText(res: unknown, fallback: string): string {
  const body = res && typeof res === 'object' && 'error' in res ? (res.error as { data?: { messagePublic?: unknown } }).data : undefined;
  return typeof body?.messagePublic === 'string' && body.messagePublic ? body.messagePublic : fallback;
}

interface Props {
  me: AuthUser;
  group: ChatGroupEntry;
  open: boolean;
  onClose: () => void;
}

/**
 * "Miembros" of an open group: who is in it, "Agregar miembros" (the caller's contacts not in the group yet)
 * and "Salir del grupo" (asks first).
 */
export function GroupMembersDialog({ me, group, open, onClose }: Props) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const contacts = useChatUsersQuery();
  const [adding, setAdding] = useState(false);
  const [picked, setPicked] = useState<string[]>([]);
  const [submitted, setSubmitted] = useState(false);
  const [confirmLeave, setConfirmLeave] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [add, addState] = useAddGroupMembersMutation();
  const [leave, leaveState] = useLeaveGroupMutation();
  const busy = addState.isLoading || leaveState.isLoading;

  const inGroup = new Set(group.members.map((m) => m._id));
  const candidates: ChatListEntry[] = (contacts.data ?? []).filter((c) => !inGroup.has(c._id));
  const members = [...group.members].sort((a, b) => (a._id === me._id ? -1 : b._id === me._id ? 1 : a.name.localeCompare(b.name, 'es')));
  const pickError = picked.length === 0 ? t('chat.groups.dialog.membersHint') : null;

  const reset = () => {
    setAdding(false);
    setPicked([]);
    setSubmitted(false);
    setFailure(null);
  };
  const close = () => {
    if (busy) return;
    reset();
    onClose();
  };
  const submitAdd = async () => {
    setSubmitted(true);
    if (pickError) return;
    setFailure(null);
    const res = await add({ _room: group._id, members: picked });
    if ('data' in res && res.data) {
      const updated = res.data;
      dispatch(addGroup(updated));
      dispatch(
        chatApi.util.updateQueryData('chatGroups', undefined, (list) => {
          const g = list.find((x) => x._id === updated._id);
          if (g) g.members = updated.members;
        }),
      );
      reset();
    } else {
      setFailure(failureText(res, t('chat.groups.membersDialog.addError')));
    }
  };
  const doLeave = async () => {
    setConfirmLeave(false);
    setFailure(null);
    const res = await leave(group._id);
    if ('error' in res) {
      setFailure(failureText(res, t('chat.groups.membersDialog.leaveError')));
      return;
    }
    reset();
    onClose();
    dispatch(removeGroup(group._id));
  };

  return (
    <>
      <Dialog open={open} onClose={close} aria-labelledby="chat-members-title" fullWidth maxWidth="xs" data-testid="chat-members-dialog">
        <DialogTitle id="chat-members-title">{adding ? t('chat.groups.membersDialog.addTitle') : t('chat.groups.membersDialog.title', { name: group.name })}</DialogTitle>
        <DialogContent>
          {adding ? (
            <form
              id="chat-add-members-form"
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                void submitAdd();
              }}
            >
              <ContactChecklist
                label={t('chat.groups.membersDialog.contacts')}
                contacts={candidates}
                selected={picked}
                onChange={setPicked}
                empty={t('chat.groups.membersDialog.noCandidates')}
                error={submitted && candidates.length > 0 ? pickError : null}
              />
            </form>
          ) : (
            <>
            <Button variant="outlined" startIcon={<GroupAddIcon />} onClick={() => setAdding(true)} disabled={busy} data-testid="chat-add-members">
              {t('chat.groups.membersDialog.add')}
            </Button>
            <List dense aria-label={t('chat.groups.membersDialog.listLabel')} data-testid="chat-members-list">
              {members.map((m) => (
                <ListItem key={m._id} disableGutters data-testid="chat-member">
                  <ListItemAvatar>
                    <ChatAvatar name={m.name} size={32} />
                  </ListItemAvatar>
                  <ListItemText primary={m._id === me._id ? t('chat.groups.you') : m.name} slotProps={{ primary: { 'data-testid': 'chat-member-name' } as object }} />
                </ListItem>
              ))}
            </List>
            </>
          )}
          {failure && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {failure}
            </Alert>
          )}
        </DialogContent>
        {adding ? (
          <FormDialogActions
            onCancel={reset}
            cancelLabel={t('chat.groups.dialog.cancel')}
            form="chat-add-members-form"
            busy={busy}
            submitDisabled={candidates.length === 0}
            submitLabel={t('chat.groups.membersDialog.addSubmit')}
            submitTestId="chat-add-members-submit"
          />
        ) : (
          <DialogActions>
            <Button color="error" startIcon={<LogoutIcon />} onClick={() => setConfirmLeave(true)} disabled={busy} data-testid="chat-leave-group" sx={{ mr: 'auto' }}>
              {t('chat.groups.membersDialog.leave')}
            </Button>
            <Button onClick={close} disabled={busy}>
              {t('chat.groups.membersDialog.close')}
            </Button>
          </DialogActions>
        )}
      </Dialog>
      <ConfirmDiscardDialog
        open={confirmLeave}
        text={t('chat.groups.membersDialog.leaveConfirm', { name: group.name })}
        onCancel={() => setConfirmLeave(false)}
        onAccept={() => void doLeave()}
      />
    </>
  );
}
