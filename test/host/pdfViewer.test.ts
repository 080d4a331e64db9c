import * as assert from 'node:assert/strict';
import { closeAllEditors } from './fixtures';
import { openSummary, pdfLeftEdge, zoomInTo } from './pdfDriver';
import { sandboxState, signIn } from './session';

/** The submission whose summary PDF runs over several pages. */
async function longSummary(): Promise<{ id: string; formReference: string }> {
  const s = (await sandboxState()).submissions.find((x) => x.formReference === 'POLICY-REVIEW');
  assert.ok(s, 'the sandbox has the submission with a long history');
  return s;
}

describe('PDF viewer', function () {
  before(function () {
    if (!process.env.DSAS_WORKBENCH_URL) this.skip(); // reading and scrolling the page needs the offline runner's browser
    return signIn();
  });
  after(closeAllEditors);

  it('zoomed in to 300 %, a page scrolled fully left shows its left edge', async () => {
    const s = await longSummary();
    await closeAllEditors();
    await openSummary(s.id);
    const scale = await zoomInTo(3);
    assert.ok(scale >= 3, `zoomed to ${scale}`);
    const seen = await pdfLeftEdge();
    assert.ok(seen.scrollWidth > seen.clientWidth, `the page is wider than the viewer: ${JSON.stringify(seen)}`);
    assert.ok(seen.page.left >= seen.viewer.left - 0.5, `page 1's left edge at ${seen.page.left - seen.viewer.left} px from the viewer's: ${JSON.stringify(seen)}`);
  });
});
