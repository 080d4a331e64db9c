import { describe, it } from 'mocha';
import assert from 'node:assert/strict';
import { isFromPdf, isPdfState, isToPdf } from '../../src/shared/pdfProtocol';
import { isFromTimeline, isTimelineState, isToTimeline, type TimelineData } from '../../src/shared/timelineProtocol';

const time = { raw: '2025-03-03 09:00:00', ms: 1741000000000 };
const data: TimelineData = {
  id: '1001', formReference: 'Contract', created: time, status: 'PENDING',
  counters: { involved: 2, signing: 1, nonsigning: 1, accepted: 0, clarified: undefined, rejected: 0 },
  events: [{ time, description: 'Created' }, { time: { raw: 'yesterday' }, description: 'Viewed' }],
  recipients: [{ name: 'A', email: 'a@example.org', recpType: 'PRIMARY', viewed: true, timeViewed: time, responded: false, respondedAt: { raw: '' }, responseStatus: '0', comment: '', endorsement: '' }],
  attachments: [{ id: 'att1', name: 'a.pdf' }],
};

/** Every malformed variant of a message must be refused. */
function refusesAll(check: (m: unknown) => boolean, bad: unknown[]): void {
  for (const m of bad) assert.equal(check(m), false, `refused: ${JSON.stringify(m)}`);
}

describe('webview message checks', () => {
  it('accepts every message a timeline page sends', () => {
    for (const m of [{ type: 'ready' }, { type: 'refresh' }, { type: 'openSummary' }, { type: 'downloadAttachment', attachmentId: 'att1' }, { type: 'rendered', events: 3, recipients: 0 }]) {
      assert.ok(isFromTimeline(m), JSON.stringify(m));
    }
  });

  it('refuses what a timeline page does not send: unknown types, missing or wrong fields, non-objects', () => {
    refusesAll(isFromTimeline, [
      undefined, null, 'ready', 42, [], [{ type: 'ready' }], {}, { type: 7 }, { type: 'save' }, { type: 'toString' }, { type: '__proto__' }, { type: 'constructor' },
      { type: 'downloadAttachment' }, { type: 'downloadAttachment', attachmentId: 5 },
      { type: 'rendered', events: -1, recipients: 0 }, { type: 'rendered', events: 1.5, recipients: 0 }, { type: 'rendered', events: '3', recipients: 0 }, { type: 'rendered', events: 3 },
    ]);
  });

  it('accepts every message a PDF viewer sends, and refuses malformed ones', () => {
    for (const m of [{ type: 'ready' }, { type: 'save' }, { type: 'refresh' }, { type: 'position', page: 2, zoom: { mode: 'fitWidth' } }, { type: 'position', page: 1, zoom: { mode: 'scale', scale: 1.25 } }, { type: 'position', page: 4, zoom: { mode: 'fitPage' }, left: 0, top: 612.5 }, { type: 'openLink', url: 'https://example.org/a?b=c' }, { type: 'openLink', url: 'mailto:a@example.org' }, { type: 'colors', mode: 'invert' }, { type: 'rendered', pages: 3, firstPageDrawn: true }, { type: 'failed', message: 'not a PDF' }]) {
      assert.ok(isFromPdf(m), JSON.stringify(m));
    }
    refusesAll(isFromPdf, [
      { type: 'openSummary' }, { type: 'position', page: 0, zoom: { mode: 'fitWidth' } }, { type: 'position', page: 2 }, { type: 'position', page: 2, zoom: { mode: 'scale' } },
      { type: 'position', page: 2, zoom: { mode: 'scale', scale: -1 } }, { type: 'position', page: 2, zoom: { mode: 'scale', scale: Infinity } }, { type: 'position', page: 2, zoom: { mode: 'zoom' } }, { type: 'position', page: 2, zoom: { mode: 'fitWidth' }, top: 'top' }, { type: 'position', page: 2, zoom: { mode: 'fitWidth' }, left: NaN },
      { type: 'openLink', url: 'javascript:alert(1)' }, { type: 'openLink', url: 'file:///etc/passwd' }, { type: 'openLink', url: 'command:workbench.action.quit' }, { type: 'openLink' }, { type: 'colors', mode: 'sepia' }, { type: 'colors' },
      { type: 'rendered', pages: 3 }, { type: 'rendered', pages: 3, firstPageDrawn: 'yes' }, { type: 'failed' }, { type: 'failed', message: { text: 'x' } },
    ]);
  });

  it('a PDF\'s link to an e-mail address never names a file to attach: mail programs that honour attach= would send it', () => {
    assert.ok(isFromPdf({ type: 'openLink', url: 'mailto:a@example.org?subject=Attachments&body=see%20attached' }));
    refusesAll(isFromPdf, ['mailto:a@example.org?attach=/home/a/.ssh/id_rsa', 'mailto:a@example.org?subject=x&Attachment=file:///etc/passwd', 'mailto:a@example.org?%61ttach=~/.gnupg/secring.gpg',
      'MAILTO:a@example.org?ATTACH=C:%5CUsers%5Ca%5Ckey.pem', 'mailto:a@example.org?attachments=x'].map((url) => ({ type: 'openLink', url })));
  });

  it('a PDF viewer\'s failure is a sentence for the log, not a flood of it: at most 1,000 characters', () => {
    assert.ok(isFromPdf({ type: 'failed', message: 'x'.repeat(1000) }));
    refusesAll(isFromPdf, [{ type: 'failed', message: 'x'.repeat(1001) }, { type: 'failed', message: 'x'.repeat(50_000_000) }]);
  });

  it('the timeline page accepts the data the extension sends, and refuses it when any part is malformed', () => {
    for (const m of [{ type: 'data', data }, { type: 'loading', submissionId: '1001' }, { type: 'loading', submissionId: '1001', connectionId: 'c1', service: '0123456789abcdef' }, { type: 'error', message: 'Could not load.' }, { type: 'stale', message: 'Could not refresh.' }, { type: 'stale', message: 'Not refreshed.', final: true }]) {
      assert.ok(isToTimeline(m), JSON.stringify(m));
    }
    const broken = (patch: Partial<Record<keyof TimelineData, unknown>>) => ({ type: 'data', data: { ...data, ...patch } });
    refusesAll(isToTimeline, [
      { type: 'data' }, { type: 'error' }, { type: 'ready' }, { type: 'loading' }, { type: 'stale' }, { type: 'stale', message: 3 }, { type: 'error', message: 'x', final: 'yes' }, { type: 'loading', submissionId: '1001', service: 7 },
      broken({ id: 1001 }), broken({ created: '2025-03-03' }), broken({ created: { raw: 'x', ms: 'soon' } }), broken({ counters: { ...data.counters, involved: -2 } }), broken({ counters: null }),
      broken({ events: [{ time, description: 7 }] }), broken({ events: 'none' }), broken({ recipients: [{ ...data.recipients[0], viewed: 'yes' }] }),
      broken({ recipients: [{ ...data.recipients[0], comment: undefined }] }), broken({ recipients: [{ ...data.recipients[0], responseStatus: true }] }), broken({ attachments: [{ id: 'att1' }] }),
    ]);
  });

  it('the PDF viewer accepts a document as bytes, and refuses one that is not', () => {
    const pdf = { type: 'pdf', title: 'Summary 1001', bytes: new Uint8Array([37, 80, 68, 70]), invertInDark: true };
    const source = { kind: 'summary', submissionId: '1001' };
    for (const m of [pdf, { ...pdf, place: { page: 3, zoom: { mode: 'fitWidth' } } }, { ...pdf, place: { page: 1, zoom: { mode: 'fitPage' }, left: 0, top: 792 } }, { type: 'loading', title: 'Summary', source }, { type: 'error', message: 'x' }, { type: 'stale', message: 'x' }, { type: 'changed' }]) {
      assert.ok(isToPdf(m), JSON.stringify(m));
    }
    refusesAll(isToPdf, [
      { ...pdf, bytes: [37, 80, 68, 70] }, { ...pdf, bytes: { 0: 37 } }, { ...pdf, bytes: new Uint16Array(2) }, { ...pdf, bytes: undefined },
      { ...pdf, place: { page: 0.5, zoom: { mode: 'fitWidth' } } }, { ...pdf, place: { page: 1, zoom: { mode: 'scale', scale: 0 } } }, { ...pdf, place: { page: 1 } }, { ...pdf, place: 3 }, { ...pdf, invertInDark: 1 }, { ...pdf, title: undefined }, { type: 'loading' },
      { type: 'loading', title: 'Summary' }, { type: 'loading', title: 'Summary', source: { kind: 'attachment', submissionId: '1001' } }, { type: 'stale' },
    ]);
  });

  it('takes back only the page state a panel can be restored from after a window reload', () => {
    assert.ok(isTimelineState({ submissionId: '1001' }));
    // With its connection and the account it was opened for (a digest), as pages save it now.
    assert.ok(isTimelineState({ submissionId: '1001', connectionId: 'c1', service: '0123456789abcdef' }));
    refusesAll(isTimelineState, [undefined, {}, { submissionId: '' }, { submissionId: 1001 }, { submissionId: '1001', service: 7 }]);
    const place = { page: 2, zoom: { mode: 'fitWidth' }, invert: false };
    for (const source of [{ kind: 'summary', submissionId: '1001' }, { kind: 'attachment', submissionId: '1001', id: 'a', ticket: 't', name: 'a.pdf' }, { kind: 'archive', id: 'f', ticket: 't', name: 'f.pdf' }, { kind: 'file', path: '/home/a/Offer.PDF', name: 'Offer.PDF' }]) {
      assert.ok(isPdfState({ ...place, source }), JSON.stringify(source));
    }
    // The viewer's place alone (what earlier versions saved) does not say which document: that panel is not restored.
    refusesAll(isPdfState, [undefined, place, { ...place, source: { kind: 'archive', id: 'f' } }, { ...place, source: { kind: 'summary' } }, { source: { kind: 'summary', submissionId: '1' } },
      { ...place, source: { kind: 'file', path: '/home/a/.ssh/id_rsa', name: 'x.pdf' } }, // a saved state names only a PDF on disk
      { ...place, source: { kind: 'summary', submissionId: '1', connectionId: 'c1', service: 7 } }]);
    assert.ok(isPdfState({ ...place, source: { kind: 'summary', submissionId: '1001', connectionId: 'c1', service: '0123456789abcdef' } }));
  });
});
