// PDFs the viewer's tests make: with an outline (bookmarks), which the sandbox's summaries lack.
import { PDFDocument, PDFHexString, PDFName, StandardFonts } from 'pdf-lib';

/** A PDF of one page per title, its outline an entry per page (the title) going to it. */
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
  return Buffer.from(await doc.save());
}
