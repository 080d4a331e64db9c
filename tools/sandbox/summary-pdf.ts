// The summary PDF of a submission, made with pdf-lib. The standard fonts
// only encode WinAnsi, so other characters (e.g. CJK) are shown as '?';
// embedding a Unicode font would need a font file, which the sandbox avoids.
import { PDFDocument, PDFFont, PDFPage, StandardFonts, rgb } from 'pdf-lib';
import type { SubmissionRecord } from './types';
import { formatSubmissionTime } from './wire-time';
import { completionStatus, counters } from './submission-rules';
import { recipientName } from './xml-replies';

// Characters of Windows-1252 above 0x7F that are not Latin-1.
const cp1252Extras = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

export function winAnsiSafe(text: string): string {
  let out = '';
  for (const ch of text.replace(/\r\n?/g, '\n')) {
    const c = ch.codePointAt(0)!;
    if ((c >= 0x20 && c <= 0x7e) || (c >= 0xa0 && c <= 0xff) || cp1252Extras.has(ch)) out += ch;
    else if (ch === '\n' || ch === '\t') out += ' ';
    else out += '?';
  }
  return out;
}

class Writer {
  private page!: PDFPage;
  private y = 0;
  private readonly margin = 50;
  private readonly width = 595.28; // A4
  private readonly height = 841.89;

  constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.newPage();
  }

  private newPage(): void {
    this.page = this.doc.addPage([this.width, this.height]);
    this.y = this.height - this.margin;
  }

  /** Writes text, wrapping on words and breaking pages as needed. */
  line(text: string, opts: { size?: number; bold?: boolean; indent?: number; gap?: number } = {}): void {
    const size = opts.size ?? 10;
    const font = opts.bold ? this.bold : this.font;
    const indent = opts.indent ?? 0;
    const maxWidth = this.width - 2 * this.margin - indent;
    const words = winAnsiSafe(text).split(' ');
    const lines: string[] = [];
    let current = '';
    for (const word of words) {
      const candidate = current ? `${current} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= maxWidth || !current) current = candidate;
      else {
        lines.push(current);
        current = word;
      }
    }
    lines.push(current);
    for (const l of lines) {
      if (this.y - size < this.margin) this.newPage();
      this.y -= size * 1.35;
      // A single over-long word is cut rather than overflowing the page.
      let t = l;
      while (t.length > 1 && font.widthOfTextAtSize(t, size) > maxWidth) t = t.slice(0, -1);
      this.page.drawText(t, { x: this.margin + indent, y: this.y, size, font, color: rgb(0.1, 0.1, 0.1) });
    }
    this.y -= opts.gap ?? 0;
  }
}

export async function renderSummaryPdf(s: SubmissionRecord): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(winAnsiSafe(`Submission ${s.id} - ${s.formReference}`));
  doc.setProducer('DSAS sandbox');
  // Fixed dates keep the file identical for an unchanged submission.
  doc.setCreationDate(new Date(s.created));
  doc.setModificationDate(new Date(s.history.length ? s.history[s.history.length - 1].time : s.created));
  const w = new Writer(doc, await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold));
  const c = counters(s);

  w.line('Submission summary', { size: 18, bold: true, gap: 6 });
  w.line(`Form reference: ${s.formReference}`, { size: 12, bold: true });
  w.line(`Submission id: ${s.id}    md5_id: ${s.md5Id}`);
  w.line(`Status: ${completionStatus(s)}    Created: ${formatSubmissionTime(s.created)} UTC`);
  w.line(`Sender: ${s.sender.fullname} <${s.sender.email}>`);
  w.line(`Broadcast: ${s.broadcast ? 'yes' : 'no'}    Silent: ${s.silent ? 'yes' : 'no'}`, { gap: 8 });

  w.line('Recipients', { size: 13, bold: true });
  for (const r of s.recipients) {
    const state = r.responded !== undefined
      ? `responded ${formatSubmissionTime(r.responded)} (${r.outcome ?? 'response'})`
      : r.submissionViewed ? `viewed ${formatSubmissionTime(r.timeViewed)}, no response yet` : 'not viewed yet';
    w.line(`${recipientName(r)} <${r.email}> - ${r.recpType} - ${state}`, { indent: 10 });
    if (r.comment) w.line(`Comment: ${r.comment}`, { indent: 24, size: 9 });
    if (r.endorsement) w.line(`Endorsement: ${r.endorsement}`, { indent: 24, size: 9 });
  }
  w.line(
    `Involved ${c.involved}, signing ${c.signing}, non-signing ${c.nonsigning}, accepted ${c.accepted}, clarified ${c.clarified}, rejected ${c.rejected}`,
    { gap: 8 },
  );

  w.line('Attachments', { size: 13, bold: true });
  if (s.attachments.length === 0) w.line('(none)', { indent: 10 });
  for (const a of s.attachments) w.line(`${a.name} (${a.mimetype}, ${a.size} bytes)`, { indent: 10 });
  w.line('', { gap: 4 });

  w.line('History', { size: 13, bold: true });
  for (const e of s.history) w.line(`${formatSubmissionTime(e.time)}  ${e.description}`, { indent: 10, size: 9 });

  return doc.save();
}
