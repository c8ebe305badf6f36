import PrintIcon from '@mui/icons-material/PrintOutlined';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { newClientId } from '../../../app/clientId';
import { useTranslation } from '../../../i18n';
import { DymoClient, documentCookies } from './dymo/client';
import {
  BARCODE_POSITIONS,
  DymoError,
  badgeLabelXml,
  printJobStatusName,
  printParamsXml,
  type BarcodePosition,
  type LabelPrinter,
  type PrintJobStatus,
} from './dymo/protocol';
import { pollPrintJobStatus, sendRemoteJob } from './dymo/remote';
import { badgePdfUrl } from './api';

/** What the desk prints on a badge. */
export interface BadgeTicket {
  _id: string;
  code: string;
  attendeeName: string | null;
  ticketTypeName: string;
}

/**
 * The desk's printer settings, kept in this browser: a fixed DYMO service URL (empty: discover on 127.0.0.1
 * ports 41951-41960), a remote print server URL (empty: none), the chosen printer and the bar code's position.
 */
export interface PrinterSettings {
  serviceUrl: string;
  remoteUrl: string;
  printerName: string;
  barcodePosition: BarcodePosition;
}
const SETTINGS_KEY = 'aforo.boxoffice.printer';
const DEFAULTS: PrinterSettings = { serviceUrl: '', remoteUrl: '', printerName: '', barcodePosition: 'BelowAddress' };

function readSettings(): PrinterSettings {
  try {
    const v = JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? '{}') as Partial<PrinterSettings>;
    return { ...DEFAULTS, ...v };
  } catch {
    return DEFAULTS;
  }
}

export type PrinterStatus = { kind: 'searching' } | { kind: 'ready'; printers: LabelPrinter[] } | { kind: 'unavailable'; error: string };
export type PrintOutcome = { via: 'dymo' | 'remote'; printer: string; job?: PrintJobStatus } | { via: 'pdf'; url: string; error?: string };

/** The DYMO service (or a remote print server) as the desk uses it, with the PDF label when neither prints. */
export function useBadgePrinter() {
  const [settings, setSettingsState] = useState<PrinterSettings>(readSettings);
  const [status, setStatus] = useState<PrinterStatus>({ kind: 'searching' });
  const [job, setJob] = useState<PrintJobStatus | null>(null);
  const client = useMemo(() => new DymoClient({ baseUrl: settings.serviceUrl || null, cookies: documentCookies }), [settings.serviceUrl]);
  const polling = useRef<AbortController | null>(null);

  const refresh = useCallback(async () => {
    setStatus({ kind: 'searching' });
    client.reset();
    try {
      const printers = await client.getPrinters();
      setStatus({ kind: 'ready', printers });
    } catch (err) {
      setStatus({ kind: 'unavailable', error: err instanceof Error ? err.message : String(err) });
    }
  }, [client]);

  useEffect(() => {
    void refresh();
  }, [refresh]);
  useEffect(() => () => polling.current?.abort(), []);

  const setSettings = (next: PrinterSettings) => {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(next));
    setSettingsState(next);
  };

  const printers = status.kind === 'ready' ? status.printers : [];
  // The chosen printer if the service still lists it, else its first connected one.
  const printer = printers.find((p) => p.name === settings.printerName)?.name ?? printers.find((p) => p.isConnected)?.name ?? printers[0]?.name ?? '';

  const print = async (ticket: BadgeTicket, company: string): Promise<PrintOutcome> => {
    const pdf = badgePdfUrl(ticket._id, company);
    let error: string | undefined;
    try {
      const labelXml = badgeLabelXml({ name: ticket.attendeeName ?? '', company, ticketType: ticket.ticketTypeName, code: ticket.code, barcodePosition: settings.barcodePosition });
      if (settings.remoteUrl) {
        const server = { baseUrl: settings.remoteUrl };
        const jobId = newClientId();
        const printerName = settings.printerName || printer;
        await sendRemoteJob(server, jobId, { printerName, labelXml, printParamsXml: printParamsXml(), labelSetXml: '' });
        polling.current?.abort();
        const ctrl = (polling.current = new AbortController());
        setJob({ printerName, jobId, status: 0, statusMessage: '' });
        void pollPrintJobStatus(server, jobId, { signal: ctrl.signal, onStatus: setJob }).catch(() => undefined);
        return { via: 'remote', printer: printerName };
      }
      if (status.kind === 'ready' && printer) {
        await client.printLabel(printer, labelXml);
        return { via: 'dymo', printer };
      }
      error = status.kind === 'unavailable' ? status.error : undefined;
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
      // The service stopped answering: look for it again next time.
      if (err instanceof DymoError && (err.kind === 'noConnection' || err.kind === 'timedOut')) void refresh();
    }
    window.open(pdf, '_blank', 'noopener');
    return { via: 'pdf', url: pdf, error };
  };

  /** The badge as the DYMO service renders it (PNG, base64), or null when no service answers. */
  const preview = async (ticket: BadgeTicket, company: string): Promise<string | null> => {
    if (status.kind !== 'ready' || settings.remoteUrl) return null;
    try {
      const labelXml = badgeLabelXml({ name: ticket.attendeeName ?? '', company, ticketType: ticket.ticketTypeName, code: ticket.code, barcodePosition: settings.barcodePosition });
      return await client.renderLabel(labelXml, printer);
    } catch {
      return null;
    }
  };

  return { settings, setSettings, status, printer, refresh, print, preview, job };
}

/** The printer bar of the desk: what prints the badges, which printer, the settings. */
export function PrinterBar({ printer }: { printer: ReturnType<typeof useBadgePrinter> }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { status, settings } = printer;
  const label =
    settings.remoteUrl
      ? t('sales.boxoffice.printer.remote', { url: settings.remoteUrl })
      : status.kind === 'searching'
        ? t('sales.boxoffice.printer.searching')
        : status.kind === 'ready'
          ? t('sales.boxoffice.printer.ready', { count: status.printers.length })
          : t('sales.boxoffice.printer.unavailable');
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }} data-testid="printer-bar">
      <Chip
        icon={<PrintIcon />}
        label={label}
        color={status.kind === 'ready' || settings.remoteUrl ? 'success' : 'default'}
        variant="outlined"
        data-testid="printer-status"
        title={status.kind === 'unavailable' ? status.error : undefined}
      />
      {status.kind === 'ready' && status.printers.length > 0 && (
        <TextField
          select
          size="small"
          label={t('sales.boxoffice.printer.printer')}
          value={printer.printer}
          onChange={(e) => printer.setSettings({ ...settings, printerName: e.target.value })}
          sx={{ minWidth: 220 }}
          slotProps={{ htmlInput: { 'data-testid': 'printer-select' } }}
        >
          {status.printers.map((p) => (
            <MenuItem key={p.name} value={p.name} disabled={!p.isConnected}>
              {p.isConnected ? p.name : t('sales.boxoffice.printer.disconnected', { name: p.name })}
            </MenuItem>
          ))}
        </TextField>
      )}
      <Tooltip title={t('sales.boxoffice.printer.retry')}>
        <IconButton aria-label={t('sales.boxoffice.printer.retry')} onClick={() => void printer.refresh()}>
          <RefreshIcon />
        </IconButton>
      </Tooltip>
      <Tooltip title={t('sales.boxoffice.printer.settings')}>
        <IconButton aria-label={t('sales.boxoffice.printer.settings')} onClick={() => setOpen(true)} data-testid="printer-settings">
          <SettingsIcon />
        </IconButton>
      </Tooltip>
      {printer.job && (
        <Chip size="small" label={t('sales.boxoffice.printer.job', { status: t(`sales.boxoffice.jobStatus.${printJobStatusName(printer.job.status)}`) })} data-testid="print-job-status" />
      )}
      {open && <PrinterSettingsDialog value={settings} onClose={() => setOpen(false)} onSave={(v) => { printer.setSettings(v); setOpen(false); }} />}
    </Box>
  );
}

function PrinterSettingsDialog({ value, onClose, onSave }: { value: PrinterSettings; onClose: () => void; onSave: (v: PrinterSettings) => void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState(value);
  const urlOk = (u: string) => u === '' || /^https?:\/\/[^\s]+$/.test(u);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="printer-settings-title">
      <DialogTitle id="printer-settings-title">{t('sales.boxoffice.printer.settingsTitle')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        <TextField
          label={t('sales.boxoffice.printer.serviceUrl')}
          helperText={urlOk(form.serviceUrl) ? t('sales.boxoffice.printer.serviceUrlHelp') : t('sales.boxoffice.printer.badUrl')}
          error={!urlOk(form.serviceUrl)}
          value={form.serviceUrl}
          onChange={(e) => setForm({ ...form, serviceUrl: e.target.value.trim() })}
          slotProps={{ htmlInput: { 'data-testid': 'printer-service-url' } }}
        />
        <TextField
          label={t('sales.boxoffice.printer.remoteUrl')}
          helperText={urlOk(form.remoteUrl) ? t('sales.boxoffice.printer.remoteUrlHelp') : t('sales.boxoffice.printer.badUrl')}
          error={!urlOk(form.remoteUrl)}
          value={form.remoteUrl}
          onChange={(e) => setForm({ ...form, remoteUrl: e.target.value.trim() })}
        />
        <TextField select label={t('sales.boxoffice.printer.barcodePosition')} value={form.barcodePosition} onChange={(e) => setForm({ ...form, barcodePosition: e.target.value as BarcodePosition })}>
          {BARCODE_POSITIONS.map((p) => (
            <MenuItem key={p} value={p}>
              {t(`sales.boxoffice.printer.position.${p}`)}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" disabled={!urlOk(form.serviceUrl) || !urlOk(form.remoteUrl)} onClick={() => onSave(form)} data-testid="printer-settings-save">
          {t('common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
