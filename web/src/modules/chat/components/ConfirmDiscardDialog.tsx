import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from '../../../i18n';

/**
 * Spec 5: closing a chat with unsent text asks first. Not dismissed by an outside click. Other confirmations
 * of the chat (leaving a group) use the same dialog with their own text.
 */
export function ConfirmDiscardDialog({ open, onAccept, onCancel, text }: { open: boolean; onAccept: () => void; onCancel: () => void; text?: string }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={(_e, reason) => {
        if (reason !== 'backdropClick') onCancel();
      }}
      aria-labelledby="chat-discard-title"
      aria-describedby="chat-discard-text"
    >
      <DialogTitle id="chat-discard-title">{t('chat.confirm.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="chat-discard-text">{text ?? t('chat.confirm.text')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('chat.confirm.cancel')}</Button>
        <Button onClick={onAccept} variant="contained" autoFocus>
          {t('chat.confirm.accept')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
