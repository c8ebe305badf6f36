import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import MeetingRoomIcon from '@mui/icons-material/MeetingRoomOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { RoomDto } from '@contracts/sales-checkin';
import { useRef, useState, type FormEvent } from 'react';
import { apiErrorBody } from '../../../app/api';
import { newClientId } from '../../../app/clientId';
import { ErrorView, describeError } from '../../../components/ErrorPage';
import { ConfirmDialog, FormDialogActions } from '../../../components/FormDialogActions';
import { useConfirmedAction, useNotify } from '../../../components/notify';
import { useTranslation } from '../../../i18n';
import { useEventInformationQuery } from '../../events/api';
import { useModuleArea } from '../../events/area/context';
import { PageHeader } from '../../events/components/common';
import { useCreateRoomMutation, useDeleteRoomMutation, useRoomsQuery, useUpdateRoomMutation } from './api';

type TicketType = { _id: string; name: string };
type Editing = { room: RoomDto | null };

function RoomDialog({ eventId, editing, types, onClose }: { eventId: string; editing: Editing; types: TicketType[]; onClose: () => void }) {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const room = editing.room;
  const [name, setName] = useState(room?.name ?? '');
  const [capacity, setCapacity] = useState(room?.capacity === null || room?.capacity === undefined ? '' : String(room.capacity));
  const [typeIds, setTypeIds] = useState<string[]>(room?.ticketTypeIds ?? []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const clientId = useRef(newClientId());
  const [create, creating] = useCreateRoomMutation();
  const [update, updating] = useUpdateRoomMutation();
  const busy = creating.isLoading || updating.isLoading;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const cap = capacity.trim() === '' ? null : Number(capacity.trim());
    const local: Record<string, string> = {};
    if (!name.trim()) local.name = t('sales.door.auditorium.nameRequired');
    if (cap !== null && (!Number.isInteger(cap) || cap < 1)) local.capacity = t('sales.door.auditorium.capacityInvalid');
    setErrors(local);
    if (Object.keys(local).length) return;
    const body = { name: name.trim(), capacity: cap, ticketTypeIds: typeIds };
    try {
      if (room) await update({ eventId, roomId: room._id, body }).unwrap();
      else await create({ eventId, body: { ...body, clientId: clientId.current } }).unwrap();
      notify(room ? t('sales.door.auditorium.updated') : t('sales.door.auditorium.created'), 'success');
      onClose();
    } catch (err) {
      const b = apiErrorBody(err);
      const fields = Object.fromEntries((b?.errors ?? []).map((x) => [x.path.split('.')[0], x.message]));
      setErrors(Object.keys(fields).length ? fields : { form: b?.messagePublic ?? t('common.unexpectedError') });
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="room-dialog-title" fullWidth maxWidth="sm">
      <DialogTitle id="room-dialog-title">{room ? t('sales.door.auditorium.editTitle') : t('sales.door.auditorium.addTitle')}</DialogTitle>
      <DialogContent>
        <Box component="form" id="room-form" onSubmit={onSubmit} noValidate sx={{ display: 'grid', gap: 2, pt: 1 }}>
          <TextField label={t('sales.door.auditorium.name')} value={name} onChange={(e) => setName(e.target.value)} error={!!errors.name} helperText={errors.name ?? ' '} required autoFocus slotProps={{ htmlInput: { maxLength: 80 } }} />
          <TextField
            label={t('sales.door.auditorium.capacity')}
            value={capacity}
            onChange={(e) => setCapacity(e.target.value)}
            error={!!errors.capacity}
            helperText={errors.capacity ?? t('sales.door.auditorium.capacityHelp')}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
            <FormLabel component="legend">{t('sales.door.auditorium.ticketTypes')}</FormLabel>
            <FormGroup>
              {types.map((tt) => (
                <FormControlLabel
                  key={tt._id}
                  control={<Checkbox checked={typeIds.includes(tt._id)} onChange={(e) => setTypeIds((ids) => (e.target.checked ? [...ids, tt._id] : ids.filter((x) => x !== tt._id)))} />}
                  label={tt.name}
                />
              ))}
            </FormGroup>
            <FormHelperText error={!!errors.ticketTypeIds}>{errors.ticketTypeIds ?? t('sales.door.auditorium.ticketTypesHelp')}</FormHelperText>
          </Box>
          {errors.form && <FormHelperText error>{errors.form}</FormHelperText>}
        </Box>
      </DialogContent>
      <FormDialogActions onCancel={onClose} submitLabel={t('sales.door.auditorium.save')} form="room-form" busy={busy} />
    </Dialog>
  );
}

/**
 * manage/auditorium: the event's rooms (auditoriums) — name, capacity and which ticket types may enter. The door
 * checks a room scan against them; manageAttendees/rooms shows who is in each one.
 */
export default function AuditoriumPage() {
  const { t } = useTranslation();
  const { eventId } = useModuleArea();
  const { data, error, isLoading } = useRoomsQuery(eventId!, { skip: !eventId });
  const { data: info } = useEventInformationQuery(eventId!, { skip: !eventId });
  const [editing, setEditing] = useState<Editing | null>(null);
  const [remove] = useDeleteRoomMutation();
  const [deleting, setDeleting, confirmDelete] = useConfirmedAction<RoomDto>();
  if (error) return <ErrorView {...describeError(error)} />;
  if (isLoading || !data || !eventId) return <LinearProgress aria-label={t('common.loading')} />;
  const types: TicketType[] = (info?.ticketTypes ?? []).map((x) => ({ _id: x._id, name: x.name }));
  const typeName = (id: string) => types.find((x) => x._id === id)?.name ?? t('sales.door.auditorium.removedType');

  return (
    <Box>
      <PageHeader
        title={t('sales.door.auditorium.title')}
        subtitle={t('sales.door.auditorium.subtitle')}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ room: null })}>
            {t('sales.door.auditorium.add')}
          </Button>
        }
      />
      {data.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <MeetingRoomIcon sx={{ fontSize: 48, color: 'primary.dark' }} aria-hidden />
          <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
            {t('sales.door.auditorium.emptyTitle')}
          </Typography>
          <Typography color="text.secondary">{t('sales.door.auditorium.emptyText')}</Typography>
        </Paper>
      ) : (
        <Box component="ul" aria-label={t('sales.door.auditorium.title')} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          {data.map((room) => (
            <Paper component="li" variant="outlined" key={room._id} sx={{ p: 2, display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
              <MeetingRoomIcon sx={{ color: 'primary.dark', mt: 0.5 }} aria-hidden />
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography component="h2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                  {room.name}
                </Typography>
                <Typography color="text.secondary">
                  {room.capacity === null ? t('sales.door.auditorium.noCapacity') : t('sales.door.auditorium.capacityValue', { capacity: room.capacity })}
                </Typography>
                <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mt: 1 }}>
                  {room.ticketTypeIds.length === 0 ? (
                    <Chip size="small" label={t('sales.door.auditorium.allTypes')} />
                  ) : (
                    room.ticketTypeIds.map((id) => <Chip size="small" key={id} label={typeName(id)} />)
                  )}
                </Box>
              </Box>
              <IconButton aria-label={t('sales.door.auditorium.editOf', { name: room.name })} onClick={() => setEditing({ room })}>
                <EditIcon />
              </IconButton>
              <IconButton aria-label={t('sales.door.auditorium.deleteOf', { name: room.name })} onClick={() => setDeleting(room)}>
                <DeleteIcon />
              </IconButton>
            </Paper>
          ))}
        </Box>
      )}
      {editing && <RoomDialog key={editing.room?._id ?? 'new'} eventId={eventId} editing={editing} types={types} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        titleId="room-delete-title"
        title={t('sales.door.auditorium.deleteTitle')}
        text={t('sales.door.auditorium.deleteText', { name: deleting?.name ?? '' })}
        submitLabel={t('sales.door.auditorium.delete')}
        danger
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete((r) => remove({ eventId, roomId: r._id }).unwrap(), t('sales.door.auditorium.deleted'))}
      />
    </Box>
  );
}
