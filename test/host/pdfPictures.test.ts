import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { closeAllEditors, waitFor, workspaceFile } from './fixtures';
import { screenshot } from './helpers';
import { pdfKeys, pdfPagePixel, pdfReport } from './pdfDriver';
import { pdfWithPicture } from './pdfFixtures';
import { api, signIn } from './session';

describe('PDF viewer, a picture on a dark page', function () {
  before(function () {
    if (!process.env.DSAS_WORKBENCH_URL) this.skip(); // reading the page's pixels needs the offline runner's browser
    return signIn();
  });
  after(closeAllEditors);

  // pdf.js 4.10 draws a page in the theme's colours by a filter over the whole page once it is drawn, pictures
  // included (CanvasGraphics#drawFilter): a red picture comes out in the theme's two colours. The README says so,
  // and that *as printed* shows it as it is.
  it('in the theme\'s colours a red picture takes the theme\'s two colours (pdf.js recolours the whole page); as printed it is red', async () => {
    const settings = vscode.workspace.getConfiguration('workbench');
    const previous = settings.inspect<string>('colorTheme')?.globalValue;
    const uri = workspaceFile('viewer/picture.pdf', await pdfWithPicture());
    const centre = { fx: 0.5, fy: 0.5 };
    const red = (p: number[]) => p[0] > 200 && p[1] < 60 && p[2] < 60;
    const grey = (p: number[]) => Math.max(...p.slice(0, 3)) - Math.min(...p.slice(0, 3)) < 24;
    const pictureWhere = (what: string, ok: (p: number[]) => boolean) => waitFor(what, async () => ok((await pdfPagePixel(centre)).pixel), 10_000)
      .catch(async (e: Error) => assert.fail(`${e.message}: ${JSON.stringify(await pdfPagePixel(centre))}`));
    try {
      await settings.update('colorTheme', 'Default Dark Modern', vscode.ConfigurationTarget.Global);
      await closeAllEditors();
      const { pdfs } = (await api()).deps;
      await pdfReport(() => void pdfs.show({ kind: 'file', path: uri.fsPath, name: 'picture.pdf' }), (m) => m.type === 'rendered', 'the PDF with a picture');
      await pictureWhere('the picture in the theme\'s two colours', grey);
      await screenshot('pdf-picture-theme-colours');
      // Page colours twice: inverted, then as printed.
      await pdfKeys([{ focus: 'Page colours: Pages in the theme\'s colours' }, { press: 'Enter' }, { focus: 'Page colours: Pages inverted' }, { press: 'Enter' }]);
      await pictureWhere('the picture red, as printed', red);
    } finally {
      await (await api()).deps.context.globalState.update('dsas.pdfPageColors', undefined);
      await settings.update('colorTheme', previous, vscode.ConfigurationTarget.Global);
    }
  });
});
