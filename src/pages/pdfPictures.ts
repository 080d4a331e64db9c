// Pictures as they are on pages drawn in the theme's colours. pdf.js draws a
// page in those colours with one filter over the whole drawn page, pictures
// included, and has no option to leave them out: so a page that paints
// pictures is drawn once more as printed, off screen, and its pictures'
// rectangles are copied over the page. A page without pictures costs nothing
// more; the second drawing's canvas is let go at once.
import type { EventBus } from 'pdfjs-dist/web/pdf_viewer.mjs';
import type { PDFPageProxy, PageViewport } from 'pdfjs-dist';
import { pdfjs } from './pdfLib';

type Matrix = number[];

interface PageViewLike { readonly canvas?: HTMLCanvasElement | null; readonly pdfPage?: PDFPageProxy | null; readonly viewport: PageViewport }
interface Rendered { readonly source: PageViewLike; readonly cssTransform: boolean; readonly error?: unknown }

/** Puts back, on every page pdf.js draws while `recoloured()`, the pictures as printed. */
export function keepPictures(bus: EventBus, recoloured: () => boolean): void {
  bus.on('pagerendered', (e: Rendered) => {
    if (recoloured() && !e.error && !e.cssTransform) void restorePictures(e.source, recoloured).catch(() => undefined);
  });
}

async function restorePictures(view: PageViewLike, recoloured: () => boolean): Promise<void> {
  const { canvas, pdfPage: page, viewport } = view;
  if (!canvas || !page || !canvas.width) return;
  const scale: Matrix = [canvas.width / viewport.width, 0, 0, canvas.height / viewport.height, 0, 0];
  const rects = pictureRects(await page.getOperatorList(), pdfjs.Util.transform(scale, viewport.transform) as Matrix);
  if (!rects.length) return;
  const printed = document.createElement('canvas');
  printed.width = canvas.width;
  printed.height = canvas.height;
  try {
    const context = printed.getContext('2d');
    if (!context) return;
    await page.render({ canvasContext: context, viewport, transform: scale }).promise;
    // Drawn again meanwhile (a zoom, a theme change), or no longer in the theme's colours: nothing to put back.
    if (view.canvas !== canvas || !recoloured()) return;
    const target = canvas.getContext('2d');
    if (!target) return;
    target.save();
    target.setTransform(1, 0, 0, 1, 0, 0);
    for (const [x, y, w, h] of rects) target.drawImage(printed, x, y, w, h, x, y, w, h);
    target.restore();
  } finally {
    printed.width = 0;
    printed.height = 0;
  }
}

/**
 * The rectangles (canvas pixels) where the page's operator list paints a
 * picture: the unit square of each image under the transform in force,
 * through `device`.
 */
function pictureRects(ops: { fnArray: number[]; argsArray: unknown[][] }, device: Matrix): [number, number, number, number][] {
  const { OPS, Util } = pdfjs;
  const stack: Matrix[] = [];
  let ctm: Matrix = device;
  const rects: [number, number, number, number][] = [];
  const add = (m: Matrix) => {
    const [x0, y0, x1, y1] = Util.getAxialAlignedBoundingBox([0, 0, 1, 1], m) as number[];
    // The whole pixels inside the picture: a pixel it only touches would bring the printed page's white along.
    const x = Math.max(0, Math.ceil(x0));
    const y = Math.max(0, Math.ceil(y0));
    const [w, h] = [Math.floor(x1) - x, Math.floor(y1) - y];
    if (w > 0 && h > 0) rects.push([x, y, w, h]);
  };
  ops.fnArray.forEach((fn, i) => {
    const args = ops.argsArray[i] ?? [];
    if (fn === OPS.save) stack.push(ctm);
    else if (fn === OPS.restore || fn === OPS.paintFormXObjectEnd || fn === OPS.endGroup) ctm = stack.pop() ?? ctm;
    else if (fn === OPS.transform) ctm = Util.transform(ctm, args as Matrix) as Matrix;
    else if (fn === OPS.paintFormXObjectBegin || fn === OPS.beginGroup) {
      stack.push(ctm);
      const m = fn === OPS.beginGroup ? (args[0] as { matrix?: Matrix } | undefined)?.matrix : (args[0] as Matrix | null);
      if (m) ctm = Util.transform(ctm, m) as Matrix;
    } else if (fn === OPS.paintImageXObject || fn === OPS.paintInlineImageXObject) add(ctm);
    else if (fn === OPS.paintImageXObjectRepeat) {
      const [, sx, sy, positions] = args as [unknown, number, number, number[]];
      for (let p = 0; p + 1 < positions.length; p += 2) add(Util.transform(ctm, [sx, 0, 0, sy, positions[p], positions[p + 1]]) as Matrix);
    }
  });
  return rects;
}
