import QRCode from 'qrcode';

/**
 * The QR of a ticket: its random code and nothing else (whoever holds the code holds the ticket; the door
 * looks the code up). Medium error correction survives a scratched print or a dim phone screen.
 */
export function ticketQrPng(code: string, opts: { scale?: number } = {}): Promise<Buffer> {
  return QRCode.toBuffer(code, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: opts.scale ?? 8 });
}
