import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import StarterKit from '@tiptap/starter-kit';
import type { Audience, AudiencePreviewDto } from '@contracts/contacts-audience';
import type { CreateCampaignBody } from '@contracts/contacts-campaigns';
import { MenuButtonBold, MenuButtonBulletedList, MenuButtonItalic, MenuControlsContainer, MenuDivider, MenuSelectHeading, RichTextEditor, type RichTextEditorRef } from 'mui-tiptap';
import { useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { apiErrorMessage } from '../../app/api';
import { newClientId } from '../../app/clientId';
import { useTranslation } from '../../i18n';
import { useValidateRoleQuery } from '../events/api';
import { useModuleArea } from '../events/area/context';
import { PageHeader } from '../events/components/common';
import { useGroupsQuery } from '../contacts/groupsApi';
import { useCampaignSendersQuery, useCreateCampaignMutation, usePreviewAudienceMutation, useSendCampaignMutation, type CampaignScope } from './api';

type Channel = 'email' | 'whatsapp';
type Source = 'group' | 'filter' | 'event';
export const MERGE_NAME = '{{ contact.name }}';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
      <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/**
 * "Nueva campaña": name, channel, sender, content (an e-mail's subject and HTML with merge fields, or a WhatsApp
 * template with its parameters), audience with the server's preview, then send now or at a date-time. `scope.eventId`
 * makes it an event's attendee campaign (the audience is the event's attendees, fixed); `channels` restricts the
 * channel (the WhatsApp pages). The create and the send carry client ids kept for the page's life: a retry after a
 * lost answer is the same campaign, never a second one.
 */
export function CampaignWizard({ scope, base, channels = ['email', 'whatsapp'], purpose }: { scope: CampaignScope; base: string; channels?: Channel[]; purpose?: 'campaign' | 'reminder' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { administrator } = useModuleArea();
  const senders = useCampaignSendersQuery(scope);
  const groups = useGroupsQuery({ client: administrator }, { skip: !!scope.eventId });
  const roles = useValidateRoleQuery({ client: administrator }, { skip: !!scope.eventId });
  const ownEvents = (roles.data?.events ?? []).filter((e) => e.ownerId === administrator);
  const [ids] = useState(() => ({ create: newClientId(), send: newClientId() }));
  const [name, setName] = useState('');
  const [channel, setChannel] = useState<Channel>(channels[0]!);
  const [senderId, setSenderId] = useState('');
  const [subject, setSubject] = useState('');
  const [html, setHtml] = useState('');
  const editor = useRef<RichTextEditorRef>(null);
  const [template, setTemplate] = useState({ name: '', language: 'es', parameters: '' });
  const [source, setSource] = useState<Source>('group');
  const [groupId, setGroupId] = useState('');
  const [search, setSearch] = useState('');
  const [eventId, setEventId] = useState('');
  const [timing, setTiming] = useState<'now' | 'later'>('now');
  const [at, setAt] = useState('');
  const [preview, setPreview] = useState<AudiencePreviewDto | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [runPreview, previewing] = usePreviewAudienceMutation();
  const [create, creating] = useCreateCampaignMutation();
  const [send, sending] = useSendCampaignMutation();
  const channelSenders = (senders.data ?? []).filter((s) => s.channel === channel);

  const audience = useMemo<Audience | null>(() => {
    if (scope.eventId) return null;
    if (source === 'group') return groupId ? { source: 'group', groupId } : null;
    if (source === 'event') return eventId ? { source: 'event', eventId } : null;
    return { source: 'filter', filter: search.trim() ? { search: search.trim() } : {} };
  }, [scope.eventId, source, groupId, eventId, search]);
  const audienceReady = !!scope.eventId || !!audience;

  const doPreview = async () => {
    setFailure(null);
    try {
      setPreview(await runPreview({ ...scope, channel, audience: audience ?? { source: 'filter', filter: {} } }).unwrap());
    } catch (e) {
      setFailure(apiErrorMessage(e, t('mails.wizard.previewFailed')));
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const content: CreateCampaignBody['content'] =
      channel === 'email'
        ? { kind: 'email', subject, html: editor.current?.editor?.getHTML() ?? html }
        : {
            kind: 'whatsapp',
            templateName: template.name.trim(),
            language: template.language.trim(),
            components: template.parameters.trim()
              ? [{ type: 'body', parameters: template.parameters.split('\n').filter((p) => p.trim()).map((p) => ({ type: 'text' as const, text: p.trim() })) }]
              : [],
          };
    const body = { clientId: ids.create, name, channel, senderId, content, ...(audience ? { audience } : {}), ...(purpose ? { purpose } : {}) } as CreateCampaignBody;
    try {
      const created = await create({ ...scope, body }).unwrap();
      await send({ ...scope, id: created.id, clientId: ids.send, ...(timing === 'later' && at ? { at: new Date(at).toISOString() } : {}) }).unwrap();
      navigate(`${base}/${encodeURIComponent(created.id)}`);
    } catch (err) {
      setFailure(apiErrorMessage(err, t('mails.wizard.failed')));
    }
  };

  const sendersPage = `/module/${encodeURIComponent(administrator)}/mails/senders`;
  const busy = creating.isLoading || sending.isLoading;
  return (
    <Box component="form" onSubmit={submit} sx={{ display: 'grid', gap: 2.5, maxWidth: 900 }}>
      <PageHeader title={t('mails.wizard.title')} subtitle={t(scope.eventId ? 'mails.wizard.subtitleEvent' : 'mails.wizard.subtitle')} />
      <Section title={t('mails.wizard.basics')}>
        <TextField label={t('mails.wizard.name')} value={name} onChange={(e) => setName(e.target.value)} required slotProps={{ htmlInput: { maxLength: 200 } }} />
        {channels.length > 1 && (
          <TextField
            select
            label={t('mails.wizard.channel')}
            value={channel}
            onChange={(e) => {
              setChannel(e.target.value as Channel);
              setSenderId('');
              setPreview(null);
            }}
          >
            {channels.map((c) => (
              <MenuItem key={c} value={c}>
                {t(`mails.channel.${c}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
        <TextField select label={t('mails.wizard.sender')} value={senderId} onChange={(e) => setSenderId(e.target.value)} required disabled={channelSenders.length === 0}>
          {channelSenders.map((s) => (
            <MenuItem key={s.id} value={s.id}>
              {s.name}
              {s.fromEmail ? ` <${s.fromEmail}>` : ''}
            </MenuItem>
          ))}
        </TextField>
        {senders.isSuccess && channelSenders.length === 0 && <Alert severity="info">{t('mails.wizard.noSenders')}</Alert>}
        {!scope.eventId && (
          <Link component={RouterLink} to={sendersPage} sx={{ justifySelf: 'start' }}>
            {t('mails.wizard.manageSenders')}
          </Link>
        )}
      </Section>

      <Section title={t('mails.wizard.content')}>
        {channel === 'email' ? (
          <>
            <TextField label={t('mails.wizard.subject')} value={subject} onChange={(e) => setSubject(e.target.value)} required slotProps={{ htmlInput: { maxLength: 300 } }} helperText={t('mails.wizard.mergeHelp', { field: MERGE_NAME })} />
            <Box data-testid="campaign-editor" aria-label={t('mails.wizard.body')} role="group">
              <RichTextEditor
                ref={editor}
                extensions={[StarterKit]}
                content=""
                editorProps={{ attributes: { 'aria-label': t('mails.wizard.body') } }}
                onUpdate={({ editor: ed }) => setHtml(ed.isEmpty ? '' : ed.getHTML())}
                renderControls={() => (
                  <MenuControlsContainer>
                    <MenuSelectHeading />
                    <MenuDivider />
                    <MenuButtonBold />
                    <MenuButtonItalic />
                    <MenuButtonBulletedList />
                  </MenuControlsContainer>
                )}
              />
            </Box>
            <Button sx={{ justifySelf: 'start' }} onClick={() => editor.current?.editor?.chain().focus().insertContent(MERGE_NAME).run()}>
              {t('mails.wizard.insertName')}
            </Button>
          </>
        ) : (
          <>
            <TextField label={t('mails.wizard.templateName')} value={template.name} onChange={(e) => setTemplate({ ...template, name: e.target.value })} required helperText={t('mails.wizard.templateHelp')} slotProps={{ htmlInput: { pattern: '[a-z0-9_]+', maxLength: 512 } }} />
            <TextField label={t('mails.wizard.language')} value={template.language} onChange={(e) => setTemplate({ ...template, language: e.target.value })} required slotProps={{ htmlInput: { pattern: '[a-z]{2,3}(_[A-Z]{2})?' } }} />
            <TextField label={t('mails.wizard.parameters')} value={template.parameters} onChange={(e) => setTemplate({ ...template, parameters: e.target.value })} multiline minRows={2} helperText={t('mails.wizard.parametersHelp')} />
          </>
        )}
      </Section>

      <Section title={t('mails.wizard.audience')}>
        {scope.eventId ? (
          <Typography>{t('mails.wizard.attendees')}</Typography>
        ) : (
          <>
            <RadioGroup row value={source} onChange={(e) => { setSource(e.target.value as Source); setPreview(null); }} aria-label={t('mails.wizard.audience')}>
              <FormControlLabel value="group" control={<Radio />} label={t('mails.wizard.sourceGroup')} />
              <FormControlLabel value="filter" control={<Radio />} label={t('mails.wizard.sourceFilter')} />
              <FormControlLabel value="event" control={<Radio />} label={t('mails.wizard.sourceEvent')} />
            </RadioGroup>
            {source === 'group' && (
              <TextField select label={t('mails.wizard.group')} value={groupId} onChange={(e) => { setGroupId(e.target.value); setPreview(null); }} required>
                {(groups.data ?? []).map((g) => (
                  <MenuItem key={g._id} value={g._id}>
                    {g.name} ({t(`mails.wizard.groupKind_${g.kind}`)})
                  </MenuItem>
                ))}
              </TextField>
            )}
            {source === 'filter' && <TextField label={t('mails.wizard.search')} value={search} onChange={(e) => { setSearch(e.target.value); setPreview(null); }} helperText={t('mails.wizard.searchHelp')} />}
            {source === 'event' && (
              <TextField select label={t('mails.wizard.event')} value={eventId} onChange={(e) => { setEventId(e.target.value); setPreview(null); }} required>
                {ownEvents.map((ev) => (
                  <MenuItem key={ev._id} value={ev._id}>
                    {ev.eventName}
                  </MenuItem>
                ))}
              </TextField>
            )}
          </>
        )}
        <Button variant="outlined" onClick={doPreview} disabled={!audienceReady || previewing.isLoading} sx={{ justifySelf: 'start' }}>
          {t('mails.wizard.preview')}
        </Button>
        {preview && (
          <Box role="status" data-testid="audience-preview">
            <Typography sx={{ fontWeight: 700 }}>{t('mails.wizard.previewCount', { count: preview.count })}</Typography>
            <Typography color="text.secondary">{t('mails.wizard.previewSkipped', { consent: preview.withoutConsent, address: preview.withoutAddress })}</Typography>
            <List dense aria-label={t('mails.wizard.sample')}>
              {preview.sample.map((s) => (
                <ListItem key={s.contactId} disableGutters>
                  <ListItemText primary={s.name || s.address} secondary={`${s.address}${s.consent ? '' : ` · ${t('mails.wizard.noConsent')}`}`} />
                </ListItem>
              ))}
            </List>
          </Box>
        )}
      </Section>

      <Section title={t('mails.wizard.when')}>
        <RadioGroup row value={timing} onChange={(e) => setTiming(e.target.value as 'now' | 'later')} aria-label={t('mails.wizard.when')}>
          <FormControlLabel value="now" control={<Radio />} label={t('mails.wizard.now')} />
          <FormControlLabel value="later" control={<Radio />} label={t('mails.wizard.later')} />
        </RadioGroup>
        {timing === 'later' && <TextField type="datetime-local" label={t('mails.wizard.at')} value={at} onChange={(e) => setAt(e.target.value)} required slotProps={{ inputLabel: { shrink: true } }} />}
      </Section>

      {failure && <Alert severity="error">{failure}</Alert>}
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" disabled={busy || !audienceReady || (channel === 'email' && !html)}>
          {t(timing === 'now' ? 'mails.wizard.sendNow' : 'mails.wizard.schedule')}
        </Button>
        <Button component={RouterLink} to={base}>
          {t('common.cancel')}
        </Button>
      </Box>
    </Box>
  );
}
