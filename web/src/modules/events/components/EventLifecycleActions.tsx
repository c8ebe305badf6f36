import ContentCopyIcon from '@mui/icons-material/ContentCopyOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EventBusyIcon from '@mui/icons-material/EventBusyOutlined';
import Button from '@mui/material/Button';
import type { EventDto } from '@contracts/events';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/FormDialogActions';
import { useNotify } from '../../../components/notify';
import { useTranslation } from '../../../i18n';
import { useCancelEventMutation, useDeleteEventMutation, useDuplicateEventMutation } from '../api';

type Step = 'duplicate' | 'delete' | 'cancel' | null;

/**
 * The event's life cycle as pretix and Hi.Events users expect it: duplicate (a new draft, opened in the form so its
 * code and dates can be changed), delete a draft, cancel a published event. No unpublish (spec). `canEdit` and
 * `canPublish` are the caller's event.edit / event.publish; the server checks them again.
 */
export function EventLifecycleActions({ event, canEdit, canPublish }: { event: EventDto; canEdit: boolean; canPublish: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { notify, notifyError } = useNotify();
  const [step, setStep] = useState<Step>(null);
  // One copy per dialog opening: a retried or double click answers the same copy.
  const [clientId, setClientId] = useState(() => crypto.randomUUID());
  const [duplicate, ds] = useDuplicateEventMutation();
  const [remove, rs] = useDeleteEventMutation();
  const [cancel, cs] = useCancelEventMutation();
  const busy = ds.isLoading || rs.isLoading || cs.isLoading;
  const cancelled = !!event.cancelledAt;
  const draft = !event.published && !cancelled;

  const run = async (action: () => Promise<void>) => {
    try {
      await action();
      setStep(null);
    } catch (error) {
      setStep(null);
      notifyError(error, t('common.unexpectedError'));
    }
  };
  const onDuplicate = () =>
    run(async () => {
      const r = await duplicate({ id: event._id, clientId }).unwrap();
      setClientId(crypto.randomUUID());
      const code = r.data.eventCode;
      notify(
        r.paymentMethodsLeftOut > 0 ? t('events.lifecycle.duplicatedLeftOut', { code, count: r.paymentMethodsLeftOut }) : t('events.lifecycle.duplicated', { code }),
        'success',
      );
      navigate(`/module/${encodeURIComponent(r.data.ownerId)}/editEvent/${encodeURIComponent(code)}`);
    });
  const onDelete = () =>
    run(async () => {
      await remove(event._id).unwrap();
      notify(t('events.lifecycle.deleted'), 'success');
      navigate('/myevent');
    });
  const onCancel = () =>
    run(async () => {
      await cancel(event._id).unwrap();
      notify(t('events.lifecycle.cancelled'), 'success');
    });

  return (
    <>
      {canEdit && (
        <Button startIcon={<ContentCopyIcon />} variant="outlined" onClick={() => setStep('duplicate')} data-testid="event-duplicate">
          {t('events.lifecycle.duplicate')}
        </Button>
      )}
      {canEdit && draft && (
        <Button startIcon={<DeleteIcon />} color="error" onClick={() => setStep('delete')} data-testid="event-delete">
          {t('events.lifecycle.delete')}
        </Button>
      )}
      {canPublish && event.published && !cancelled && (
        <Button startIcon={<EventBusyIcon />} color="error" onClick={() => setStep('cancel')} data-testid="event-cancel">
          {t('events.lifecycle.cancel')}
        </Button>
      )}

      <ConfirmDialog
        open={step === 'duplicate'}
        onCancel={() => setStep(null)}
        titleId="event-duplicate-title"
        title={t('events.lifecycle.duplicateTitle')}
        text={t('events.lifecycle.duplicateText', { code: `${event.eventCode}-copia` })}
        onConfirm={() => void onDuplicate()}
        submitLabel={t('events.lifecycle.duplicate')}
        busy={busy}
        submitTestId="event-duplicate-confirm"
      />
      <ConfirmDialog
        strict
        open={step === 'delete'}
        onCancel={() => setStep(null)}
        titleId="event-delete-title"
        title={t('events.lifecycle.deleteTitle')}
        text={t('events.lifecycle.deleteText', { name: event.eventName })}
        onConfirm={() => void onDelete()}
        submitLabel={t('events.lifecycle.delete')}
        busy={busy}
        danger
        submitTestId="event-delete-confirm"
      />
      <ConfirmDialog
        strict
        open={step === 'cancel'}
        onCancel={() => setStep(null)}
        cancelLabel={t('events.lifecycle.keep')}
        titleId="event-cancel-title"
        title={t('events.lifecycle.cancelTitle')}
        text={t('events.lifecycle.cancelText', { name: event.eventName })}
        onConfirm={() => void onCancel()}
        submitLabel={t('events.lifecycle.cancelConfirm')}
        busy={busy}
        danger
        submitTestId="event-cancel-confirm"
      />
    </>
  );
}
