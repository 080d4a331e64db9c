import * as assert from 'node:assert/strict';
import { openLongSummary, pdfSuiteHooks, pdfWheelZoom, zoomAndPage } from './pdfDriver';

describe('PDF viewer, Ctrl+wheel', function () {
  pdfSuiteHooks();

  it('zooms in and out around the pointer: the point of a page wider than the viewer under it stays under it', async () => {
    await openLongSummary();
    // Wider than the viewer from the start: a page that fits is centred, so across it can only grow about its middle.
    await zoomAndPage('200', 2, 1);
    // Off the page's centre, so that a zoom around any other point would move it.
    for (const [notches, grew] of [[-3, true], [2, false]] as const) {
      const seen = await pdfWheelZoom(0.25, 0.3, notches);
      assert.equal(seen.after.width > seen.before.width, grew, `page 1 ${grew ? 'wider' : 'narrower'}: ${JSON.stringify(seen)}`);
      // The pointer's point of the page, in pixels of the page as it is drawn now: within 3 px of where it was.
      const dx = (seen.after.fx - seen.before.fx) * seen.after.width;
      const dy = (seen.after.fy - seen.before.fy) * seen.after.height;
      assert.ok(Math.abs(dx) <= 3 && Math.abs(dy) <= 3, `the point under the pointer moved ${dx.toFixed(1)} px across, ${dy.toFixed(1)} px down: ${JSON.stringify(seen)}`);
    }
  });
});
