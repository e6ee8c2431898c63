import { formatDate, formatDateTime, formatPoints, type GiftConversion, type StarterPurchase } from '@app/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { PDFDocument } from '../../lib/exports/lazy-libs';
import { hasArabic, Writer } from '../../lib/exports/pdf';
import { clients } from '../../lib/clients/clients.table';
import type { ConversionKind } from './conversions.service';
import { qrPng } from './qr';

const A4 = { width: 595.28, height: 841.89 };
const M = 50;

/**
 * The exit slip (bon de sortie) of a gift unit, A4 portrait: who hands what to whom, the QR code
 * the client's receipt is scanned from, and three signature boxes. Fonts are the exports' Noto Sans.
 */
export async function exitSlipPdf(
  db: Db,
  company: { NAME: string; TAX_ID: string; ADDRESS?: string; PHONE?: string },
  kind: ConversionKind,
  c: GiftConversion | StarterPurchase,
  qrcode: string,
  now = new Date(),
): Promise<Buffer> {
  const [client] = await db.select({ gouvernorat: clients.gouvernorat }).from(clients).where(eq(clients.id, c.CLIENT_ID));
  const qr = await qrPng(qrcode, 360);
  const doc = new (PDFDocument())({ size: 'A4', margin: M, info: { Title: `Bon de sortie ${c.REF}`, Author: company.NAME } });
  // Registers the fonts; values holding Arabic (a client's or a gift's name) are drawn through it, shaped.
  const writer = new Writer(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (b: Buffer) => chunks.push(b));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = A4.width - 2 * M;
  // The company block keeps to the left and the slip's title block to the right: a long address and
  // phone line wraps in its own column instead of running under « N° CONV-… ».
  const leftW = Math.round(width * 0.56);
  const rightX = M + leftW + 12;
  const rightW = width - leftW - 12;
  doc.font('bold').fontSize(16).text(company.NAME, M, M, { width: leftW });
  doc.font('regular').fontSize(9).fillColor('#444').text(`Matricule fiscal : ${company.TAX_ID}`, { width: leftW });
  const contact = [company.ADDRESS, company.PHONE && `Tél. ${company.PHONE}`].filter(Boolean).join(' · ');
  if (contact) doc.text(contact, { width: leftW });
  doc.font('bold').fontSize(20).fillColor('#000').text('BON DE SORTIE', rightX, M, { width: rightW, align: 'right' });
  doc
    .font('regular')
    .fontSize(10)
    .text(`N° ${c.REF}`, { width: rightW, align: 'right' })
    .text(`Édité le ${formatDate(now)}`, { width: rightW, align: 'right' });

  const pointsUsed = 'POINTS_USED' in c ? c.POINTS_USED : null;
  const rows: [string, string][] = [
    ['Date de la demande', formatDateTime(c.CREATED_AT)],
    ['Code client', c.CODE_CLIENT],
    ['Client', c.CLIENT_NAME],
    ['Adresse', [c.ADDRESS, client?.gouvernorat].filter(Boolean).join(', ') || '—'],
    ['Chef de zone', [c.CODE_CHEF_ZONE, c.CHEF_ZONE_NAME].filter(Boolean).join(' — ') || '—'],
    [kind === 'gift' ? 'Cadeau' : 'Cadeau de bienvenue', `${c.GIFT_REF} — ${c.GIFT_NAME}`],
    ['Quantité', '1'],
    ['Points utilisés', pointsUsed == null ? 'Aucun (cadeau de bienvenue)' : formatPoints(pointsUsed)],
  ];
  let y = 150;
  const labelW = 150;
  for (const [label, value] of rows) {
    const h = hasArabic(value)
      ? 22
      : Math.max(
          22,
          doc
            .font('regular')
            .fontSize(11)
            .heightOfString(value, { width: width - labelW - 12 }) + 10,
        );
    doc.rect(M, y, width, h).strokeColor('#bbb').lineWidth(0.6).stroke();
    doc.rect(M, y, labelW, h).fillColor('#f1f5f9').fill();
    doc
      .fillColor('#000')
      .font('bold')
      .fontSize(10)
      .text(label, M + 6, y + 6, { width: labelW - 12 });
    // Arabic goes on one line, shaped and right to left (cut with '…' if it is longer than the box).
    if (hasArabic(value)) writer.cell(value, M + labelW + 2, width - labelW - 4, y, 22, 11);
    else
      doc
        .font('regular')
        .fontSize(11)
        .text(value, M + labelW + 6, y + 5, { width: width - labelW - 12 });
    y += h;
  }

  y += 24;
  const qrSize = 150;
  doc.image(qr, M, y, { width: qrSize, height: qrSize });
  doc
    .font('regular')
    .fontSize(10)
    .fillColor('#333')
    .text('Code QR de réception : à scanner à la remise du cadeau au client. Un code ne sert qu’une fois.', M + qrSize + 20, y + 20, {
      width: width - qrSize - 20,
    });
  // The same code in letters, typed into « Scanner » when no camera can read the QR code.
  doc
    .font('regular')
    .fontSize(9)
    .fillColor('#000')
    .text('Code à saisir :', M + qrSize + 20, y + 70)
    .font('bold')
    .fontSize(11)
    .text(qrcode, M + qrSize + 20, y + 84, { width: width - qrSize - 20 });

  y += qrSize + 40;
  const boxW = (width - 2 * 16) / 3;
  ['Magasinier', 'Livreur', 'Client (cachet et signature)'].forEach((label, i) => {
    const x = M + i * (boxW + 16);
    doc.rect(x, y, boxW, 110).strokeColor('#555').lineWidth(0.8).stroke();
    doc
      .fillColor('#000')
      .font('bold')
      .fontSize(10)
      .text(label, x + 8, y + 8, { width: boxW - 16 });
    doc
      .font('regular')
      .fontSize(8)
      .fillColor('#666')
      .text('Date et signature', x + 8, y + 92, { width: boxW - 16 });
  });
  doc.end();
  return done;
}
