import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { closeAllEditors, waitFor, workspaceFile } from './fixtures';
import { screenshot } from './helpers';
import { pdfKeys, pdfPagePixel, pdfReport, pdfSuiteHooks } from './pdfDriver';
import { pdfWithPicture } from './pdfFixtures';
import { api } from './session';

describe('PDF viewer, a picture on a dark page', function () {
  pdfSuiteHooks();

  it('in the theme\'s colours the page takes the theme\'s background and its red picture stays red; as printed too', async () => {
    const settings = vscode.workspace.getConfiguration('workbench');
    const previous = settings.inspect<string>('colorTheme')?.globalValue;
    const uri = workspaceFile('viewer/picture.pdf', await pdfWithPicture());
    const centre = { fx: 0.5, fy: 0.5 };
    const red = (p: number[]) => p[0] > 200 && p[1] < 60 && p[2] < 60;
    const hex = (p: number[]) => `#${p.slice(0, 3).map((c) => c.toString(16).padStart(2, '0')).join('')}`;
    const pictureWhere = (what: string, ok: (p: number[]) => boolean) => waitFor(what, async () => ok((await pdfPagePixel(centre)).pixel), 10_000)
      .catch(async (e: Error) => assert.fail(`${e.message}: ${JSON.stringify(await pdfPagePixel(centre))}`));
    try {
      await settings.update('colorTheme', 'Default Dark Modern', vscode.ConfigurationTarget.Global);
      await closeAllEditors();
      const { pdfs } = (await api()).deps;
      await pdfReport(() => void pdfs.show({ kind: 'file', path: uri.fsPath, name: 'picture.pdf' }), (m) => m.type === 'rendered', 'the PDF with a picture');
      await pictureWhere('the picture red on the page in the theme\'s colours', red);
      const margin = await pdfPagePixel();
      assert.equal(hex(margin.pixel), margin.themeBackground.toLowerCase(), 'the page\'s margin in the theme\'s background');
      await screenshot('pdf-picture-theme-colours');
      // Page colours twice: inverted (a filter over the whole drawing, the picture too), then as printed.
      await pdfKeys([{ focus: 'Page colours: Pages in the theme\'s colours' }, { press: 'Enter' }, { focus: 'Page colours: Pages inverted' }, { press: 'Enter' }]);
      await pictureWhere('the picture red, as printed', red);
    } finally {
      await (await api()).deps.context.globalState.update('dsas.pdfPageColors', undefined);
      await settings.update('colorTheme', previous, vscode.ConfigurationTarget.Global);
    }
  });
});
