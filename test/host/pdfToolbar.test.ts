import * as assert from 'node:assert/strict';
import { webviewControls } from './helpers';
import { openLongSummary, pdfKeys, pdfSuiteHooks, pdfToolbarAt } from './pdfDriver';

/** Whether each selector matches an element of the viewer's page. */
async function present(selectors: readonly string[]): Promise<boolean[]> {
  return (await webviewControls('Save PDF…', selectors)).map((p) => p.found);
}

describe('PDF viewer, its toolbar', function () {
  pdfSuiteHooks();

  it('fits one row at 800 px, every control whole; narrower, Save PDF… and Archive… move into More actions', async () => {
    await openLongSummary();
    const wide = await pdfToolbarAt(800);
    assert.ok(Math.abs(wide.width - 800) <= 2, `the viewer is ${wide.width} px wide`);
    assert.equal(wide.rows, 1, JSON.stringify(wide));
    assert.deepEqual({ overflows: wide.overflows, clipped: wide.clipped }, { overflows: false, clipped: [] }, JSON.stringify(wide));
    for (const name of ['Thumbnails', 'Previous page', 'Next page', 'Page number', 'Zoom out', 'Zoom level', 'Zoom in', 'Find', 'Save PDF…', 'Archive…', 'More actions']) {
      assert.ok(wide.shown.includes(name), `${name} is on the toolbar at 800 px: ${JSON.stringify(wide.shown)}`);
    }
    const narrow = await pdfToolbarAt(420);
    assert.equal(narrow.rows, 1, JSON.stringify(narrow));
    assert.deepEqual({ overflows: narrow.overflows, clipped: narrow.clipped }, { overflows: false, clipped: [] }, JSON.stringify(narrow));
    for (const name of ['Save PDF…', 'Archive…']) {
      assert.ok(!narrow.shown.includes(name) && narrow.menu.includes(name), `${name} is in More actions at 420 px: ${JSON.stringify(narrow)}`);
      assert.ok(!wide.menu.includes(name), `${name} is not twice at 800 px: ${JSON.stringify(wide.menu)}`);
    }
  });

  it('says each control\'s state to a screen reader: toggles pressed, More actions expanded, Previous disabled at page 1', async () => {
    await openLongSummary();
    const toggle = '[aria-label="Thumbnails"][aria-pressed="true"]';
    const more = '[aria-label="More actions"][aria-haspopup="menu"]';
    assert.deepEqual(await present([toggle.replace('true', 'false'), `${more}[aria-expanded="false"]`, '[aria-label="Previous page"][aria-disabled="true"]']), [true, true, true]);
    await pdfKeys([{ focus: '#thumbnails-toggle' }, { press: 'Enter' }]);
    assert.deepEqual(await present([toggle]), [true], 'Thumbnails pressed once shown');
    await pdfKeys([{ focus: 'More actions' }, { press: 'Enter' }]);
    const [expanded, firstFocused] = await webviewControls('Save PDF…', [`${more}[aria-expanded="true"]`, '[role="menu"] [role="menuitem"]']);
    assert.ok(expanded.found, 'More actions says it is expanded');
    assert.ok(firstFocused.focused, 'the menu\'s first item has the focus');
    await pdfKeys([{ press: 'Escape' }]);
    const [closed, back] = await webviewControls('Save PDF…', [`${more}[aria-expanded="false"]`, more]);
    assert.ok(closed.found && back.focused, 'Escape closes the menu, the focus back on More actions');
    await pdfKeys([{ press: 'ControlOrMeta+f' }]);
    assert.deepEqual(await present(['[aria-label="Match case"][aria-pressed="false"]', '[aria-label="Whole words"][aria-pressed="false"]']), [true, true]);
  });
});
