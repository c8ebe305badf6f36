import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MERGE_FIELDS, TEMPLATE_BODY_MAX, TEMPLATE_SUBJECT_MAX, type ConfirmationMailDto } from '@contracts/sales-documents';
import { useEffect, useRef, useState } from 'react';
import { apiErrorBody, apiErrorMessage } from '../../../app/api';
import { newClientId } from '../../../app/clientId';
import { ErrorView, describeError } from '../../../components/ErrorPage';
import { ConfirmDialog } from '../../../components/FormDialogActions';
import { useInvalidFocus } from '../../../components/a11y';
import { useNotify } from '../../../components/notify';
import { useDebouncedValue } from '../../../components/useDebouncedValue';
import { useTranslation } from '../../../i18n';
import { useModuleArea } from '../../events/area/context';
import { PageHeader } from '../../events/components/common';
import { StaleAlert, useStaleVersion } from '../common/StaleVersion';
import { usePreviewConfirmationMailMutation, useResetConfirmationMailMutation, useConfirmationMailQuery, useSaveConfirmationMailMutation } from './api';

type Field = 'subject' | 'html';

/** The merge field as the organizer types it; loops name each ticket `ticket` (see the default template). */
const tag = (field: string) => `{{ ${field} }}`;

/**
 * The live preview: the server renders the draft with example data (the same sandboxed renderer the mails use),
 * shown in a sandboxed frame with no scripts. A draft the server refuses shows its Spanish reason instead.
 */
function Preview({ eventId, subject, html }: { eventId: string; subject: string; html: string }) {
  const { t } = useTranslation();
  const [preview, state] = usePreviewConfirmationMailMutation();
  const draft = useDebouncedValue({ subject, html }, 400);
  const [result, setResult] = useState<{ subject: string; html: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    preview({ eventId, ...draft })
      .unwrap()
      .then((r) => {
        if (!current) return;
        setResult(r);
        setProblem(null);
      })
      .catch((err: unknown) => current && setProblem(apiErrorMessage(err, t('common.unexpectedError'))));
    return () => {
      current = false;
    };
  }, [eventId, draft, preview, t]);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="confirmation-preview-title" sx={{ p: 2, display: 'grid', gap: 1.5, alignContent: 'start' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography id="confirmation-preview-title" component="h2" sx={{ fontWeight: 700, flex: 1 }}>
          {t('sales.documents.preview')}
        </Typography>
        {state.isLoading && <Typography variant="caption" color="text.secondary">{t('sales.documents.previewUpdating')}</Typography>}
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t('sales.documents.previewHelp')}
      </Typography>
      {problem && (
        <Alert severity="error" data-testid="confirmation-preview-error">
          {problem}
        </Alert>
      )}
      {result && (
        <>
          <Typography variant="body2">
            <strong>{t('sales.documents.previewSubject')}</strong> <span data-testid="confirmation-preview-subject">{result.subject}</span>
          </Typography>
          <Box
            component="iframe"
            title={t('sales.documents.previewFrame')}
            sandbox=""
            srcDoc={result.html}
            data-testid="confirmation-preview-frame"
            sx={{ width: '100%', minHeight: 420, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff', opacity: problem ? 0.5 : 1 }}
          />
        </>
      )}
    </Paper>
  );
}

/** The editor, mounted per loaded version: a save or a reload after a conflict starts again from the server's text. */
function TemplateForm({ data, onReload }: { data: ConfirmationMailDto; onReload: () => void }) {
  const { t } = useTranslation();
  const { notify, notifyError } = useNotify();
  const [save, saving] = useSaveConfirmationMailMutation();
  const [reset, resetting] = useResetConfirmationMailMutation();
  const [subject, setSubject] = useState(data.subject);
  const [html, setHtml] = useState(data.html);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const { stale, staleFrom } = useStaleVersion();
  const [confirmReset, setConfirmReset] = useState(false);
  // One id per edit: a retried save of the same text is answered once; the next edit is a new command.
  const [clientId, setClientId] = useState(newClientId);
  const body = useRef<HTMLTextAreaElement>(null);
  const invalid = useInvalidFocus();
  const dirty = subject !== data.subject || html !== data.html;

  const change = (field: Field, value: string) => {
    (field === 'subject' ? setSubject : setHtml)(value);
    setErrors((e) => ({ ...e, [field]: undefined }));
    setClientId(newClientId());
  };
  /** Puts a merge field where the cursor is in the body (or at its end). */
  const insert = (field: string) => {
    const el = body.current;
    const at = el ? el.selectionStart : html.length;
    const end = el ? el.selectionEnd : html.length;
    const next = `${html.slice(0, at)}${tag(field)}${html.slice(end)}`;
    change('html', next);
    requestAnimationFrame(() => {
      if (!el) return;
      el.focus();
      el.setSelectionRange(at + tag(field).length, at + tag(field).length);
    });
  };

  const failed = (error: unknown) => {
    if (staleFrom(error)) return;
    const problem = apiErrorBody(error);
    const path = problem?.errors?.[0]?.path;
    if (problem && (path === 'subject' || path === 'html')) {
      setErrors({ [path]: problem.messagePublic });
      invalid.failed();
      return;
    }
    notifyError(error, t('common.unexpectedError'));
  };

  const submit = async () => {
    const missing: Partial<Record<Field, string>> = {};
    if (!subject.trim()) missing.subject = t('sales.documents.subjectRequired');
    if (!html.trim()) missing.html = t('sales.documents.bodyRequired');
    if (missing.subject || missing.html) {
      setErrors(missing);
      invalid.failed();
      return;
    }
    try {
      await save({ eventId: data.eventId, body: { subject, html, expectedVersion: data.version, clientId } }).unwrap();
      notify(t('sales.documents.saved'), 'success');
    } catch (error) {
      failed(error);
    }
  };

  const restore = async () => {
    setConfirmReset(false);
    try {
      await reset({ eventId: data.eventId, expectedVersion: data.version, clientId: newClientId() }).unwrap();
      notify(t('sales.documents.restored'), 'success');
    } catch (error) {
      failed(error);
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) minmax(0, 1fr)' }, alignItems: 'start' }}>
      <Box
        component="form"
        ref={invalid.ref}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        sx={{ display: 'grid', gap: 2 }}
        data-testid="confirmation-mail-form"
      >
        <StaleAlert message={stale} onReload={onReload} reloadLabel={t('sales.documents.reload')} testId="confirmation-reload" />
        <Alert severity="info">{data.custom ? t('sales.documents.usingCustom') : t('sales.documents.usingDefault')}</Alert>
        <TextField
          id="confirmation-subject"
          label={t('sales.documents.subject')}
          value={subject}
          onChange={(e) => change('subject', e.target.value)}
          error={!!errors.subject}
          helperText={errors.subject ?? t('sales.documents.subjectHelp', { max: TEMPLATE_SUBJECT_MAX })}
          slotProps={{ htmlInput: { maxLength: TEMPLATE_SUBJECT_MAX * 2 } }}
          fullWidth
          data-testid="confirmation-subject"
        />
        <TextField
          id="confirmation-html"
          label={t('sales.documents.body')}
          value={html}
          onChange={(e) => change('html', e.target.value)}
          error={!!errors.html}
          helperText={errors.html ?? t('sales.documents.bodyHelp', { count: html.length, max: TEMPLATE_BODY_MAX })}
          multiline
          minRows={14}
          maxRows={30}
          inputRef={body}
          slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 13 } } }}
          fullWidth
          data-testid="confirmation-html"
        />
        <Paper variant="outlined" component="section" aria-labelledby="confirmation-fields-title" sx={{ p: 2, display: 'grid', gap: 1 }}>
          <Typography id="confirmation-fields-title" component="h2" sx={{ fontWeight: 700 }}>
            {t('sales.documents.fields')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('sales.documents.fieldsHelp')}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
            {MERGE_FIELDS.map((f) => (
              <Chip
                key={f}
                label={tag(f)}
                size="small"
                variant="outlined"
                onClick={() => insert(f)}
                aria-label={t('sales.documents.insertField', { field: f })}
                sx={{ fontFamily: 'ui-monospace, Menlo, Consolas, monospace' }}
              />
            ))}
          </Box>
        </Paper>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" disabled={saving.isLoading || !dirty} data-testid="confirmation-save">
            {saving.isLoading ? t('common.saving') : t('common.save')}
          </Button>
          <Button onClick={() => setConfirmReset(true)} disabled={!data.custom || resetting.isLoading} data-testid="confirmation-reset">
            {t('sales.documents.restore')}
          </Button>
          {data.updatedAt && (
            <Typography variant="body2" color="text.secondary">
              {t('sales.documents.lastSaved', { date: new Date(data.updatedAt).toLocaleString('es-PE', { dateStyle: 'medium', timeStyle: 'short' }) })}
            </Typography>
          )}
        </Box>
      </Box>
      <Preview eventId={data.eventId} subject={subject} html={html} />
      <ConfirmDialog
        open={confirmReset}
        titleId="confirmation-reset-title"
        title={t('sales.documents.restoreTitle')}
        text={t('sales.documents.restoreText')}
        submitLabel={t('sales.documents.restore')}
        onConfirm={() => void restore()}
        onCancel={() => setConfirmReset(false)}
        busy={resetting.isLoading}
        submitTestId="confirmation-reset-confirm"
      />
    </Box>
  );
}

/** Store › Gestionar › Correo de confirmación: the mail every buyer gets with the tickets (subject and HTML). */
export default function ConfirmationMailPage() {
  const { t } = useTranslation();
  const { eventId } = useModuleArea();
  const { data, error, isLoading, refetch } = useConfirmationMailQuery(eventId!, { skip: !eventId });
  if (error) return <ErrorView {...describeError(error)} />;
  if (isLoading || !data) return <LinearProgress aria-label={t('common.loading')} />;
  return (
    <Box>
      <PageHeader title={t('sales.documents.title')} subtitle={t('sales.documents.subtitle')} />
      <TemplateForm key={`${data.eventId}:${data.version}`} data={data} onReload={() => void refetch()} />
    </Box>
  );
}
