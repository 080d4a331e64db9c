// PDFs the viewer's tests make: with an outline (bookmarks), which the sandbox's summaries lack.
import { crc32, deflateSync } from 'node:zlib';
import { PDFDocument, PDFHexString, PDFName, PDFString, StandardFonts } from 'pdf-lib';

/** A PDF of one page per title, its outline an entry per page (the title) going to it; on page 1 a link to the last page, one to a web page, one to an FTP file and one to an e-mail address with a file to attach. */
export async function pdfWithOutline(titles: readonly string[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const pages = titles.map((title, i) => {
    const page = doc.addPage([612, 792]);
    page.drawText(title, { x: 72, y: 700, size: 24, font });
    page.drawText(`Page ${i + 1} of ${titles.length}`, { x: 72, y: 60, size: 10, font });
    return page;
  });
  const { context } = doc;
  const outlines = context.nextRef();
  const items = titles.map(() => context.nextRef());
  titles.forEach((title, i) => {
    context.assign(items[i], context.obj({
      Title: PDFHexString.fromText(title), Parent: outlines, Dest: [pages[i].ref, 'Fit'],
      ...(i > 0 ? { Prev: items[i - 1] } : {}), ...(i < titles.length - 1 ? { Next: items[i + 1] } : {}),
    }));
  });
  context.assign(outlines, context.obj({ Type: 'Outlines', First: items[0], Last: items[items.length - 1], Count: titles.length }));
  doc.catalog.set(PDFName.of('Outlines'), outlines);
  // On page 1, four links: "Go to Chapter Three" (to the last page), "Visit example.org" (a web page), "Fetch by FTP"
  // and "Write to us" (an e-mail link naming a file to attach).
  const first = pages[0];
  first.drawText('Go to the last chapter', { x: 72, y: 600, size: 14, font });
  first.drawText('Visit example.org', { x: 72, y: 560, size: 14, font });
  first.drawText('Fetch by FTP', { x: 72, y: 520, size: 14, font });
  first.drawText('Write to us', { x: 72, y: 480, size: 14, font });
  const link = (rect: number[], action: Record<string, unknown>) => context.register(context.obj({ Type: 'Annot', Subtype: 'Link', Rect: rect, Border: [0, 0, 0], ...action }));
  first.node.set(PDFName.of('Annots'), context.obj([
    link([70, 595, 260, 615], { Dest: [pages[pages.length - 1].ref, 'Fit'] }),
    link([70, 555, 200, 575], { A: context.obj({ S: 'URI', URI: PDFString.of('https://example.org/from-a-pdf') }) }),
    link([70, 515, 200, 535], { A: context.obj({ S: 'URI', URI: PDFString.of('ftp://example.org/from-a-pdf.txt') }) }),
    link([70, 475, 200, 495], { A: context.obj({ S: 'URI', URI: PDFString.of('mailto:someone@example.org?attach=/etc/hostname') }) }),
  ]));
  return Buffer.from(await doc.save());
}

/** A PDF of `pages` pages of text, as a long report is. */
export async function longPdf(pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 1; p <= pages; p++) {
    const page = doc.addPage([595, 842]);
    page.drawText(`Section ${p}`, { x: 56, y: 780, size: 20, font });
    for (let l = 0; l < 40; l++) page.drawText(`Line ${l + 1} of page ${p}: the quick brown fox jumps over the lazy dog.`, { x: 56, y: 740 - l * 16, size: 10, font });
  }
  return Buffer.from(await doc.save());
}

/** A PNG of `size` × `size` pixels of one colour (8-bit RGB). */
function solidPng(size: number, [r, g, b]: readonly number[]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => [r, g, b]).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}

/** A one-page PDF with a line of text and, filling the page's middle (from 25 % to 75 % of its width and height), a picture of pure red. */
export async function pdfWithPicture(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([600, 800]);
  page.drawText('A red picture below', { x: 72, y: 740, size: 18, font });
  page.drawImage(await doc.embedPng(solidPng(64, [255, 0, 0])), { x: 150, y: 200, width: 300, height: 400 });
  return Buffer.from(await doc.save());
}
