import { describe, it } from 'mocha';
import assert from 'node:assert/strict';
import { MAX_ZOOM, MIN_ZOOM, ZOOM_STEPS, clampZoom, parseZoom, stepZoom, zoomLabel } from '../../src/shared/pdfZoom';

describe('PDF viewer zoom', () => {
  it('Zoom in and Zoom out step through the levels from 25 % to 500 %, from any level to the next one that way', () => {
    assert.equal(stepZoom(1, 1), 1.1);
    assert.equal(stepZoom(1, -1), 0.9);
    assert.equal(stepZoom(1.28, 1), 1.5, 'fit width at 128 %: the next level up');
    assert.equal(stepZoom(1.28, -1), 1.25);
    assert.equal(stepZoom(MAX_ZOOM, 1), MAX_ZOOM);
    assert.equal(stepZoom(MIN_ZOOM, -1), MIN_ZOOM);
    let z = MIN_ZOOM;
    const seen = [z];
    while (z < MAX_ZOOM) seen.push((z = stepZoom(z, 1)));
    assert.deepEqual(seen, ZOOM_STEPS);
  });

  it('a level typed is read as a user writes it, and held to 25–500 %', () => {
    assert.equal(parseZoom('150'), 1.5);
    assert.equal(parseZoom(' 150 % '), 1.5);
    assert.equal(parseZoom('1,5x'), 1.5);
    assert.equal(parseZoom('2×'), 2);
    assert.equal(parseZoom('900%'), MAX_ZOOM);
    assert.equal(parseZoom('5'), MIN_ZOOM);
    for (const t of ['', 'abc', '0', '-50', '1e3', '50%%']) assert.equal(parseZoom(t), undefined, t);
    assert.equal(clampZoom(0.01), MIN_ZOOM);
    assert.equal(zoomLabel(1.284), '128%');
  });
});
