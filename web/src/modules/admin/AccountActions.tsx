import MoreVertIcon from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ConfirmDialog } from '../../components/FormDialogActions';
import { useNotify } from '../../components/notify';
import { useTranslation } from '../../i18n';
import { useCurrentUser } from '../accounts/api';
import { useAdminAccountActionMutation, type AdminAction } from './api';

export interface AccountLike {
  id: string;
  displayName: string;
  administrator: boolean;
  suspended: boolean;
}

/** The actions an operator may take on an account now (never suspend or demote oneself: the server refuses too). */
export function availableActions(account: AccountLike, selfId: string | undefined): AdminAction[] {
  const self = account.id === selfId;
  const actions: AdminAction[] = [];
  if (account.suspended) actions.push('reactivate');
  else if (!self) actions.push('suspend');
  if (account.administrator) {
    if (!self) actions.push('revoke');
  } else actions.push('grant');
  return actions;
}

/**
 * Runs an account action after a confirmation dialog and reports the server's answer (its Spanish message, or
 * its messagePublic on refusal). Returns `ask(account, action)` and the dialog to render.
 */
export function useAccountActions() {
  const { t } = useTranslation();
  const { notify, notifyError } = useNotify();
  const [run, { isLoading }] = useAdminAccountActionMutation();
  const [pending, setPending] = useState<{ account: AccountLike; action: AdminAction } | null>(null);
  const confirm = async () => {
    if (!pending) return;
    try {
      const r = await run({ id: pending.account.id, action: pending.action }).unwrap();
      notify(r.message, 'success');
    } catch (e) {
      notifyError(e, t('common.unexpectedError'));
    }
    setPending(null);
  };
  const dialog = (
    <ConfirmDialog
      open={!!pending}
      titleId="admin-action-title"
      title={pending ? t(`admin.actions.${pending.action}.title`) : ''}
      text={pending ? t(`admin.actions.${pending.action}.text`, { name: pending.account.displayName }) : ''}
      onConfirm={() => void confirm()}
      onCancel={() => setPending(null)}
      submitLabel={pending ? t(`admin.actions.${pending.action}.label`) : ''}
      danger={pending?.action === 'suspend' || pending?.action === 'revoke'}
      busy={isLoading}
      submitTestId="admin-action-confirm"
    />
  );
  return { ask: (account: AccountLike, action: AdminAction) => setPending({ account, action }), dialog };
}

/** The row menu of the users grid: activity page, suspend or reactivate, promote or demote. */
export function AccountActionsMenu({ account, ask }: { account: AccountLike; ask: (account: AccountLike, action: AdminAction) => void }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = `admin-actions-${account.id}`;
  return (
    <>
      <IconButton
        size="small"
        // The row names the account (purpose in context): its name here would make the cell match it too.
        aria-label={t('admin.actions.menu')}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <MenuItem component={RouterLink} to={`/admin/users/${encodeURIComponent(account.id)}`} onClick={() => setAnchor(null)}>
          {t('admin.actions.activity')}
        </MenuItem>
        {availableActions(account, me?._id).map((action) => (
          <MenuItem
            key={action}
            onClick={() => {
              setAnchor(null);
              ask(account, action);
            }}
          >
            {t(`admin.actions.${action}.label`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
