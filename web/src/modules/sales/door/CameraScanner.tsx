import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BrowserQRCodeReader, type IScannerControls } from '@zxing/browser';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n';

const CAMERA_KEY = 'aforo.door.camera';
/** A code read again less than this after it was last seen is the same scan (the QR stays in front of the camera). */
const SAME_CODE_MS = 3000;

/**
 * The camera scanner (@zxing/browser): reads QR codes from the chosen camera (the back camera by default on a
 * phone) and hands each new code to `onCode`. The camera is released when the component unmounts (the panel's
 * "Detener cámara" or leaving the page).
 */
export default function CameraScanner({ onCode }: { onCode: (text: string) => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const handler = useRef(onCode);
  handler.current = onCode;
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);
  const [deviceId, setDeviceId] = useState<string>(() => localStorage.getItem(CAMERA_KEY) ?? '');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!window.isSecureContext || !navigator.mediaDevices?.getUserMedia) {
      setError(t('sales.door.cameraInsecure'));
      return;
    }
    let cancelled = false;
    let controls: IScannerControls | undefined;
    let last = { text: '', at: 0 };
    const reader = new BrowserQRCodeReader(undefined, { delayBetweenScanAttempts: 150 });
    setError(null);
    if (!video.current) return;
    reader
      .decodeFromVideoDevice(deviceId || undefined, video.current, (result) => {
        if (!result) return;
        const text = result.getText();
        const now = Date.now();
        // A QR held in front of the camera keeps being read: it counts again only after it was away for a moment.
        const again = text === last.text && now - last.at < SAME_CODE_MS;
        last = { text, at: now };
        if (again) return;
        handler.current(text);
      })
      .then((c) => {
        if (cancelled) c.stop();
        else controls = c;
        // Labels are only given once the page may use a camera.
        return BrowserQRCodeReader.listVideoInputDevices().then((list) => !cancelled && setDevices(list));
      })
      .catch((e: unknown) => {
        if (cancelled) return;
        const name = (e as { name?: string })?.name;
        setError(name === 'NotAllowedError' ? t('sales.door.cameraDenied') : t('sales.door.cameraError', { message: (e as Error)?.message ?? String(e) }));
      });
    return () => {
      cancelled = true;
      controls?.stop();
    };
  }, [deviceId, t]);

  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      {error && <Alert severity="warning">{error}</Alert>}
      {/* Always mounted: the reader needs the element even while an error is shown (another camera may work). */}
      <Box sx={{ display: error ? 'none' : 'block', position: 'relative', borderRadius: 2, overflow: 'hidden', bgcolor: 'grey.900', aspectRatio: '4 / 3', maxHeight: 360 }}>
          <Box component="video" ref={video} muted playsInline aria-label={t('sales.door.cameraHint')} sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />
          <Typography sx={{ position: 'absolute', bottom: 8, left: 0, right: 0, textAlign: 'center', color: 'common.white', textShadow: '0 1px 2px #000' }}>
            {t('sales.door.cameraHint')}
          </Typography>
      </Box>
      {devices.length > 1 && (
        <TextField
          select
          size="small"
          label={t('sales.door.chooseCamera')}
          value={deviceId}
          onChange={(e) => {
            setDeviceId(e.target.value);
            localStorage.setItem(CAMERA_KEY, e.target.value);
          }}
        >
          <MenuItem value="">{t('sales.door.defaultCamera')}</MenuItem>
          {devices.map((d, i) => (
            <MenuItem key={d.deviceId} value={d.deviceId}>
              {d.label || t('sales.door.cameraN', { n: i + 1 })}
            </MenuItem>
          ))}
        </TextField>
      )}
    </Box>
  );
}
