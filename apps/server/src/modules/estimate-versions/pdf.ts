import PDFDocument from 'pdfkit';
import type { EstimateVersion } from '@portal/contract/estimate-versions';
import { formatPrice } from '@portal/contract/estimates';

export type VersionDocument = {
  studioName: string;
  clientName: string;
  projectName: string;
  version: EstimateVersion;
};

const STATUS_LABELS: Record<EstimateVersion['status'], string> = {
  sent: 'Waiting for approval',
  approved: 'Approved',
  changes_requested: 'Changes requested',
  superseded: 'Superseded by a later version',
};

/** "25 November 2026, 02:10 UTC": a date a filed document reads the same everywhere. */
const dateTime = (iso: string) =>
  `${new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(iso))} UTC`;

const MARGIN = 50;
const COLUMN = { low: 400, high: 470, width: 60 } as const;

/**
 * The version as a document a client can file (issue 15), drawn with pdfkit in the request (no
 * browser): header, the texts, every section and item with low/high hours, totals with the safe
 * total, and for an approved version the signature. Built from the snapshot only, so it shows
 * exactly what was sent whatever happened to the estimate since.
 */
export const renderVersionPdf = ({
  studioName,
  clientName,
  projectName,
  version,
}: VersionDocument): Promise<Buffer> => {
  const estimate = version.snapshot;
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: {
      Title: `${estimate.name} — version ${version.number}`,
      Author: studioName,
      Subject: `Estimate for ${clientName}, ${projectName}`,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - MARGIN * 2;

  doc.font('Helvetica').fontSize(10).fillColor('#555').text(studioName);
  doc.moveDown(0.5);
  doc.font('Helvetica-Bold').fontSize(20).fillColor('#111').text(estimate.name);
  doc.font('Helvetica').fontSize(10).fillColor('#333');
  doc.text(`Client: ${clientName}`);
  doc.text(`Project: ${projectName}`);
  doc.text(`Version ${version.number}, sent ${dateTime(version.sent_at)}`);
  doc.text(`Status: ${STATUS_LABELS[version.status]}`);
  doc.moveDown();

  const texts: [string, string][] = [
    ['Description', estimate.description],
    ['Scope of work', estimate.scope_of_work],
    ['Deliverables', estimate.deliverables],
    ['Not included', estimate.not_included],
  ];
  for (const [title, body] of texts) {
    if (!body.trim()) continue;
    doc.font('Helvetica-Bold').fontSize(12).fillColor('#111').text(title);
    doc.font('Helvetica').fontSize(10).fillColor('#333').text(body, { width });
    doc.moveDown(0.7);
  }

  /** One table row: text on the left, the hours right-aligned in their columns. */
  const row = (label: string, low: string, high: string, font = 'Helvetica') => {
    doc.font(font).fontSize(10).fillColor('#111');
    const top = doc.y;
    doc.text(label, MARGIN, top, { width: COLUMN.low - MARGIN - 10 });
    const bottom = doc.y;
    doc.text(low, COLUMN.low, top, { width: COLUMN.width, align: 'right' });
    doc.text(high, COLUMN.high, top, { width: COLUMN.width, align: 'right' });
    doc.x = MARGIN;
    doc.y = Math.max(bottom, doc.y) + 3;
  };
  const rule = () => {
    doc
      .moveTo(MARGIN, doc.y)
      .lineTo(MARGIN + width, doc.y)
      .strokeColor('#ccc')
      .stroke();
    doc.y += 4;
  };

  doc.font('Helvetica-Bold').fontSize(12).text('Estimate', MARGIN);
  doc.moveDown(0.3);
  row('', 'Low (h)', 'High (h)', 'Helvetica-Bold');
  rule();
  for (const section of estimate.sections) {
    row(section.name, section.total_hours_low, section.total_hours_high, 'Helvetica-Bold');
    for (const item of section.items)
      row(`    ${item.description}`, item.hours_low, item.hours_high);
    rule();
  }
  if (estimate.sections.length === 0) {
    doc.font('Helvetica-Oblique').text('No sections.', MARGIN);
    rule();
  }
  row('Total', estimate.total_hours_low, estimate.total_hours_high, 'Helvetica-Bold');
  row(
    `Safe total (high × ${estimate.safe_modifier})`,
    '',
    estimate.total_hours_safe,
    'Helvetica-Bold',
  );

  const { price, hourly_rate: rate, currency } = estimate;
  if (price && rate) {
    const money = (value: string) => formatPrice(value, currency);
    doc.moveDown(0.5);
    row(`Price at ${money(rate)} per hour`, money(price.low), money(price.high), 'Helvetica-Bold');
    row('Safe price', '', money(price.safe), 'Helvetica-Bold');
  }

  if (version.status === 'approved') {
    doc.moveDown();
    doc.font('Helvetica-Bold').fontSize(12).text('Approval', MARGIN);
    doc.font('Helvetica').fontSize(10);
    doc.text(`Signed: ${version.signature_name ?? ''}`);
    if (version.decided_by)
      doc.text(`Approved by ${version.decided_by.name} (${version.decided_by.email})`);
    if (version.decided_at) doc.text(`on ${dateTime(version.decided_at)}`);
  }

  doc.end();
  return done;
};
