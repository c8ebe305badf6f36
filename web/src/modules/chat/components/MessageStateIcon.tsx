import type { MessageState } from '@contracts/chat';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import CheckIcon from '@mui/icons-material/Check';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import { useTranslation } from '../../../i18n';

/** Spec 4: clock for pending, one check for sent, double check for delivered or viewed; viewed in primary. */
export function MessageStateIcon({ state }: { state: MessageState }) {
  const { t } = useTranslation();
  const common = { fontSize: 'inherit' as const, titleAccess: t(`chat.state.${state}`), 'data-state': state };
  if (state === 'pending') return <AccessTimeIcon {...common} data-testid="message-state" sx={{ color: 'text.secondary' }} />;
  if (state === 'sent') return <CheckIcon {...common} data-testid="message-state" sx={{ color: 'text.secondary' }} />;
  return <DoneAllIcon {...common} data-testid="message-state" sx={{ color: state === 'viewed' ? 'primary.main' : 'text.secondary' }} />;
}
