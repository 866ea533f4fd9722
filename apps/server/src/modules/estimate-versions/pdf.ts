import PDFDocument from 'pdfkit';
import {
  estimateNumber,
  isExpired,
  type EstimateVersion,
} from '@portal/contract/estimate-versions';
import { formatPrice } from '@portal/contract/estimates';
import type { Studio } from '@portal/contract/studio';
import { formatMoment, formatMomentWithZone } from '@portal/contract/time';

export type VersionDocument = {
  /** The letterhead: name, legal name, address, tax id, website. */
  studio: Studio;
  /** The studio's logo (a PNG, as stored), or null. */
  logo: Buffer | null;
  clientName: string;
  projectName: string;
  version: EstimateVersion;
  /** The reader's time zone: the document's moments are on their clock, and name it. */
  zone: string;
};

const STATUS_LABELS: Record<EstimateVersion['status'], string> = {
  sent: 'Waiting for approval',
  approved: 'Approved',
  changes_requested: 'Changes requested',
  superseded: 'Superseded by a later version',
};

const MARGIN = 50;
const COLUMN = { low: 400, high: 470, width: 60 } as const;
const LOGO = { width: 150, height: 56 } as const;

type Struct = ReturnType<PDFKit.PDFDocument['struct']>;

/**
 * The version as a document a client files (issues 15 and 25), drawn with pdfkit in the request
 * (no browser): the studio's letterhead, the estimate number, issue date and validity, the
 * texts, every section and item with low/high hours, the totals with contingency, for an
 * approved version the signature, and page numbers. Built from the snapshot only, so it shows
 * exactly what was sent whatever happened to the estimate since. Tagged (headings, paragraphs,
 * the logo as a figure with its text, page numbers as artifacts) with its language, so a screen
 * reader reads it in order.
 */
export const renderVersionPdf = ({
  studio,
  logo,
  clientName,
  projectName,
  version,
  zone,
}: VersionDocument): Promise<Buffer> => {
  // A filed document has no app around it to say whose clock it is on, so each moment names it.
  const dateTime = (iso: string) => formatMomentWithZone(iso, zone);
  const day = (iso: string) => formatMoment(iso, zone, 'date');
  const estimate = version.snapshot;
  const number = estimateNumber(version);
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    pdfVersion: '1.7',
    tagged: true,
    lang: 'en-US',
    displayTitle: true,
    bufferPages: true,
    info: {
      Title: `${number} — ${estimate.name}`,
      Author: studio.legal_name || studio.name,
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
  const document = doc.struct('Document');
  doc.addStructure(document);
  /** Draws into one structure element of `type` under `parent` (the document by default). */
  const tag = (type: string, draw: () => void, parent: Struct = document) => {
    parent.add(doc.struct(type, {}, draw));
  };
  const tagAlt = (type: string, alt: string, draw: () => void) => {
    document.add(doc.struct(type, { alt }, draw));
  };

  // The letterhead: the logo (or the name) on the left, who the studio is on the right.
  const top = doc.y;
  if (logo) {
    tagAlt('Figure', studio.name, () => {
      doc.image(logo, MARGIN, top, { fit: [LOGO.width, LOGO.height] });
    });
  } else {
    tag('P', () => {
      doc.font('Helvetica-Bold').fontSize(16).fillColor(studio.accent_color);
      doc.text(studio.name, MARGIN, top, { width: LOGO.width + 60 });
    });
  }
  const letterhead = [
    studio.legal_name || studio.name,
    ...studio.address.split('\n'),
    studio.tax_id && `Tax id: ${studio.tax_id}`,
    studio.website,
  ].filter((line) => line.trim() !== '');
  tag('P', () => {
    doc.font('Helvetica').fontSize(9).fillColor('#444');
    doc.text(letterhead.join('\n'), MARGIN + width / 2, top, { width: width / 2, align: 'right' });
  });
  doc.x = MARGIN;
  doc.y = Math.max(doc.y, top + LOGO.height) + 18;

  tag('P', () => {
    doc.font('Helvetica').fontSize(10).fillColor('#555').text(`Estimate ${number}`, MARGIN);
  });
  tag('H1', () => {
    doc.font('Helvetica-Bold').fontSize(20).fillColor('#111').text(estimate.name);
  });
  tag('P', () => {
    doc.font('Helvetica').fontSize(10).fillColor('#333');
    doc.text(`Client: ${clientName}`);
    doc.text(`Project: ${projectName}`);
    doc.text(`Version ${version.number}, issued ${dateTime(version.sent_at)}`);
    doc.text(`Valid until ${day(version.valid_until)}`);
    doc.text(`Status: ${isExpired(version) ? 'Expired' : STATUS_LABELS[version.status]}`);
  });
  doc.moveDown();

  const texts: [string, string][] = [
    ['Description', estimate.description],
    ['Scope of work', estimate.scope_of_work],
    ['Deliverables', estimate.deliverables],
    ['Not included', estimate.not_included],
  ];
  for (const [title, body] of texts) {
    if (!body.trim()) continue;
    tag('H2', () => {
      doc.font('Helvetica-Bold').fontSize(12).fillColor('#111').text(title);
    });
    tag('P', () => {
      doc.font('Helvetica').fontSize(10).fillColor('#333').text(body, { width });
    });
    doc.moveDown(0.7);
  }

  /** One table row: text on the left, the hours right-aligned in their columns. */
  const row = (
    table: Struct,
    label: string,
    low: string,
    high: string,
    font = 'Helvetica',
    cell = 'TD',
  ) => {
    const tr = doc.struct('TR');
    table.add(tr);
    // A row that would not fit starts the next page, whole.
    if (doc.y + 14 > doc.page.height - MARGIN - 20) doc.addPage();
    doc.font(font).fontSize(10).fillColor('#111');
    const rowTop = doc.y;
    let bottom = rowTop;
    tag(
      cell,
      () => {
        doc.text(label, MARGIN, rowTop, { width: COLUMN.low - MARGIN - 10 });
        bottom = doc.y;
      },
      tr,
    );
    tag(cell, () => doc.text(low, COLUMN.low, rowTop, { width: COLUMN.width, align: 'right' }), tr);
    tag(
      cell,
      () => doc.text(high, COLUMN.high, rowTop, { width: COLUMN.width, align: 'right' }),
      tr,
    );
    tr.end();
    doc.x = MARGIN;
    doc.y = Math.max(bottom, doc.y) + 3;
  };
  const rule = () => {
    doc.markContent('Artifact', { type: 'Layout' });
    doc
      .moveTo(MARGIN, doc.y)
      .lineTo(MARGIN + width, doc.y)
      .strokeColor('#ccc')
      .stroke();
    doc.endMarkedContent();
    doc.y += 4;
  };

  tag('H2', () => {
    doc.font('Helvetica-Bold').fontSize(12).fillColor('#111').text('Estimate', MARGIN);
  });
  doc.moveDown(0.3);
  const table = doc.struct('Table');
  document.add(table);
  row(table, 'Section and item', 'Low (h)', 'High (h)', 'Helvetica-Bold', 'TH');
  rule();
  for (const section of estimate.sections) {
    row(table, section.name, section.total_hours_low, section.total_hours_high, 'Helvetica-Bold');
    for (const item of section.items)
      row(table, `    ${item.description}`, item.hours_low, item.hours_high);
    rule();
  }
  if (estimate.sections.length === 0) {
    row(table, 'No sections.', '', '', 'Helvetica-Oblique');
    rule();
  }
  row(table, 'Total', estimate.total_hours_low, estimate.total_hours_high, 'Helvetica-Bold');
  row(
    table,
    `Total with contingency (high × ${estimate.safe_modifier})`,
    '',
    estimate.total_hours_safe,
    'Helvetica-Bold',
  );

  const { price, hourly_rate: rate, currency } = estimate;
  if (price && rate) {
    const money = (value: string) => formatPrice(value, currency);
    row(
      table,
      `Price at ${money(rate)} per hour`,
      money(price.low),
      money(price.high),
      'Helvetica-Bold',
    );
    row(table, 'Price with contingency', '', money(price.safe), 'Helvetica-Bold');
  }
  table.end();

  if (version.status === 'approved') {
    doc.moveDown();
    tag('H2', () => {
      doc.font('Helvetica-Bold').fontSize(12).fillColor('#111').text('Approval', MARGIN);
    });
    tag('P', () => {
      doc.font('Helvetica').fontSize(10);
      doc.text(`Signed: ${version.signature_name ?? ''}`);
      if (version.decided_by)
        doc.text(`Approved by ${version.decided_by.name} (${version.decided_by.email})`);
      if (version.decided_at) doc.text(`on ${dateTime(version.decided_at)}`);
    });
  }
  document.end();

  // Page numbers, once the number of pages is known: artifacts, not content.
  const pages = doc.bufferedPageRange();
  for (let i = 0; i < pages.count; i++) {
    doc.switchToPage(pages.start + i);
    // The footer sits in the bottom margin: without lifting the margin, pdfkit would wrap the
    // line onto a new, blank page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.markContent('Artifact', { type: 'Pagination' });
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#777')
      .text(`${number} · page ${i + 1} of ${pages.count}`, MARGIN, doc.page.height - MARGIN + 10, {
        width,
        align: 'right',
        lineBreak: false,
      });
    doc.endMarkedContent();
    doc.page.margins.bottom = bottom;
  }

  doc.end();
  return done;
};
