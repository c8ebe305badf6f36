import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

/** 102 x 62 mm (the DYMO 30856 name badge), in points: the PDF prints on any printer at that size or on A4 scaled. */
const WIDTH = 289;
const HEIGHT = 176;

/**
 * The badge as a PDF label for any printer, when no DYMO service answers at the desk: the attendee's name large,
 * the company, the ticket type and the event, and the ticket's code as a QR (what the door scans). Helvetica
 * covers Spanish (WinAnsi): no font files.
 */
export async function badgePdf(badge: { name: string; company?: string | null; ticketType: string; eventName: string; code: string }): Promise<Buffer> {
  const qr = await QRCode.toBuffer(badge.code, { type: 'png', errorCorrectionLevel: 'M', margin: 1, scale: 6 });
  const pdf = new PDFDocument({ size: [WIDTH, HEIGHT], margin: 10, info: { Title: `Credencial: ${badge.name}`, Author: 'Aforo' } });
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const qrSize = 96;
  const textWidth = WIDTH - qrSize - 30;
  pdf.font('Helvetica').fontSize(8).fillColor('#555555').text(badge.eventName, 12, 12, { width: WIDTH - 24, height: 12, ellipsis: true });
  pdf.font('Helvetica-Bold').fontSize(badge.name.length > 22 ? 15 : 19).fillColor('#111111').text(badge.name, 12, 34, { width: textWidth, height: 66, ellipsis: true });
  if (badge.company) pdf.font('Helvetica').fontSize(11).fillColor('#333333').text(badge.company, 12, 104, { width: textWidth, height: 28, ellipsis: true });
  pdf.font('Helvetica-Bold').fontSize(10).fillColor('#ee6932').text(badge.ticketType, 12, 140, { width: textWidth, height: 14, ellipsis: true });
  pdf.image(qr, WIDTH - qrSize - 12, 36, { width: qrSize, height: qrSize });
  pdf.font('Helvetica').fontSize(6).fillColor('#555555').text(badge.code, WIDTH - qrSize - 12, 36 + qrSize + 4, { width: qrSize, align: 'center' });
  pdf.end();
  return done;
}
