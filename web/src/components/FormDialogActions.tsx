import Button from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n';

export interface FormDialogActionsProps {
  /** Leaves the dialog without doing anything. */
  onCancel: () => void;
  /** The cancel button's text; 'Cancelar' (common.cancel) unless given. */
  cancelLabel?: ReactNode;
  /** The main button's text. */
  submitLabel: ReactNode;
  /** id of the <form> the main button submits (type="submit"), so Enter in a field and the button take one path. */
  form?: string;
  /** Called by the main button when there is no form to submit (confirmations). */
  onSubmit?: () => void;
  /** A request is under way: both buttons are disabled, so a dialog is neither left nor sent twice mid-save. */
  busy?: boolean;
  /** Disables only the main button (a delete under way, nothing to add yet). */
  submitDisabled?: boolean;
  /** A destructive action: the main button is red. */
  danger?: boolean;
  submitTestId?: string;
}

/** The footer of every form and confirmation dialog: cancel on the left, the contained main action on the right. */
export function FormDialogActions({ onCancel, cancelLabel, submitLabel, form, onSubmit, busy, submitDisabled, danger, submitTestId }: FormDialogActionsProps) {
  const { t } = useTranslation();
  return (
    <DialogActions>
      <Button onClick={onCancel} disabled={busy}>
        {cancelLabel ?? t('common.cancel')}
      </Button>
      <Button
        type={form ? 'submit' : 'button'}
        form={form}
        onClick={form ? undefined : onSubmit}
        color={danger ? 'error' : undefined}
        variant="contained"
        disabled={busy || submitDisabled}
        data-testid={submitTestId}
      >
        {submitLabel}
      </Button>
    </DialogActions>
  );
}

export interface ConfirmDialogProps extends Omit<FormDialogActionsProps, 'form' | 'onSubmit'> {
  open: boolean;
  /** id of the title, for aria-labelledby. */
  titleId: string;
  title: ReactNode;
  text: ReactNode;
  onConfirm: () => void;
  /**
   * Must be answered (spec section 4): outside clicks and Escape are ignored, and the dialog is xs wide.
   * MUI 9 dropped disableEscapeKeyDown, so both are filtered in onClose.
   */
  strict?: boolean;
}

/** A yes/no question (delete, remove, publish): title, one paragraph, cancel and the confirming action. */
export function ConfirmDialog({ open, titleId, title, text, onConfirm, strict, ...actions }: ConfirmDialogProps) {
  const onClose: DialogProps['onClose'] = strict
    ? (_e, reason) => {
        if (reason !== 'backdropClick' && reason !== 'escapeKeyDown') actions.onCancel();
      }
    : actions.onCancel;
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} {...(strict ? { maxWidth: 'xs', fullWidth: true } : {})}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
      </DialogContent>
      <FormDialogActions {...actions} onSubmit={onConfirm} />
    </Dialog>
  );
}
