import { describe, it } from 'mocha';
import assert from 'node:assert/strict';
import { parseServiceTime } from '../../src/core/time';

const T0815Z = new Date('2026-11-22T08:15:00.000Z');

/** Runs `fn` with the process in the given time zone. */
function inZone<T>(tz: string, fn: () => T): T {
  const saved = process.env.TZ;
  process.env.TZ = tz;
  try {
    return fn();
  } finally {
    if (saved === undefined) delete process.env.TZ;
    else process.env.TZ = saved;
  }
}

describe('parseServiceTime', () => {
  it('reads YYYY-MM-DD HH:MM:SS as UTC by default', () => {
    assert.deepStrictEqual(parseServiceTime('2026-11-22 08:15:00'), { raw: '2026-11-22 08:15:00', ms: T0815Z.getTime() });
    assert.deepStrictEqual(parseServiceTime('2026-11-22 08:15:00', 'utc'), { raw: '2026-11-22 08:15:00', ms: T0815Z.getTime() });
  });

  it('reads YYYY-MM-DD HH:MM:SS as local time with naive "local"', () => {
    inZone('Asia/Kolkata', () => {
      assert.deepStrictEqual(parseServiceTime('2026-11-22 08:15:00', 'local'), { raw: '2026-11-22 08:15:00', ms: new Date('2026-11-22T02:45:00.000Z').getTime() });
      assert.deepStrictEqual(parseServiceTime('2026-11-22 08:15:00', 'utc'), { raw: '2026-11-22 08:15:00', ms: T0815Z.getTime() });
    });
    inZone('America/New_York', () => {
      // Daylight saving time in July (UTC-4), standard time in November (UTC-5).
      assert.equal(parseServiceTime('2026-07-01 12:00:00', 'local').ms, Date.parse('2026-07-01T16:00:00.000Z'));
      assert.equal(parseServiceTime('2026-11-22 08:15:00', 'local').ms, Date.parse('2026-11-22T13:15:00.000Z'));
    });
  });

  it('reads naive times without seconds, with a T, and with fractions', () => {
    assert.equal(parseServiceTime('2026-11-22 08:15').ms, Date.parse('2026-11-22T08:15:00.000Z'));
    assert.equal(parseServiceTime('2026-11-22T08:15:00').ms, Date.parse('2026-11-22T08:15:00.000Z'));
    assert.equal(parseServiceTime('2026-11-22 08:15:00.5').ms, Date.parse('2026-11-22T08:15:00.500Z'));
    assert.equal(parseServiceTime('2026-11-22 08:15:00.123456').ms, Date.parse('2026-11-22T08:15:00.123Z'));
  });

  it('reads ISO 8601 with a zone, whatever naive says', () => {
    assert.deepStrictEqual(parseServiceTime('2026-11-22T08:15:00Z'), { raw: '2026-11-22T08:15:00Z', ms: T0815Z.getTime() });
    assert.deepStrictEqual(parseServiceTime('2026-11-22T08:15:00+02:00'), { raw: '2026-11-22T08:15:00+02:00', ms: new Date('2026-11-22T06:15:00.000Z').getTime() });
    assert.equal(parseServiceTime('2026-11-22T08:15:00-05:30', 'local').ms, Date.parse('2026-11-22T13:45:00.000Z'));
    assert.equal(parseServiceTime('2026-11-22T08:15:00.250Z').ms, Date.parse('2026-11-22T08:15:00.250Z'));
    assert.equal(parseServiceTime('2026-11-22t08:15:00z').ms, Date.parse('2026-11-22T08:15:00.000Z'));
  });

  it('reads Unix seconds and milliseconds', () => {
    assert.deepStrictEqual(parseServiceTime('1763799300'), { raw: '1763799300', ms: new Date('2025-11-22T08:15:00.000Z').getTime() });
    assert.deepStrictEqual(parseServiceTime('1763799300000'), { raw: '1763799300000', ms: new Date('2025-11-22T08:15:00.000Z').getTime() });
    assert.deepStrictEqual(parseServiceTime('0'), { raw: '0', ms: new Date(0).getTime() });
    // Just below the limit: seconds (year 5138); at the limit: milliseconds (1973).
    assert.equal(parseServiceTime('99999999999').ms, new Date(99999999999 * 1000).getTime());
    assert.equal(parseServiceTime('100000000000').ms, Date.parse('1973-03-03T09:46:40.000Z'));
  });

  it('reads negative Unix numbers as times before 1970', () => {
    assert.deepStrictEqual(parseServiceTime('-1'), { raw: '-1', ms: new Date('1969-12-31T23:59:59.000Z').getTime() });
    assert.deepStrictEqual(parseServiceTime('-86400'), { raw: '-86400', ms: new Date('1969-12-31T00:00:00.000Z').getTime() });
  });

  it('gives no date for numbers beyond the Date range or too long', () => {
    assert.deepStrictEqual(parseServiceTime('9999999999999999'), { raw: '9999999999999999' });
    assert.deepStrictEqual(parseServiceTime('-9999999999999999'), { raw: '-9999999999999999' });
    assert.deepStrictEqual(parseServiceTime('12345678901234567890'), { raw: '12345678901234567890' });
    assert.deepStrictEqual(parseServiceTime('1e10'), { raw: '1e10' });
    assert.deepStrictEqual(parseServiceTime('1763799300.5'), { raw: '1763799300.5' });
  });

  it('gives no date for empty and garbage values, keeping raw exactly', () => {
    for (const raw of ['', '   ', 'yesterday', 'now', '22.11.2026 08:15', 'Sun, 22 Nov 2026 08:15:00 GMT', '2026-11-22 8:15:00', 'NaN', '--1']) {
      const t = parseServiceTime(raw);
      assert.deepStrictEqual(t, { raw }, raw);
      assert.equal('date' in t, false, raw);
    }
  });

  it('gives no date for impossible calendar values in naive times', () => {
    for (const raw of ['2026-02-30 10:00:00', '2025-02-29 10:00:00', '2026-13-01 10:00:00', '2026-00-10 10:00:00', '2026-04-31 10:00:00',
      '2026-11-00 10:00:00', '2026-11-22 24:00:00', '2026-11-22 23:60:00', '2026-11-22 23:59:61']) {
      assert.deepStrictEqual(parseServiceTime(raw), { raw }, raw);
    }
    // A real leap day is fine.
    assert.equal(parseServiceTime('2028-02-29 10:00:00').ms, Date.parse('2028-02-29T10:00:00.000Z'));
  });

  it('gives no date for impossible calendar values in ISO times with a zone', () => {
    // Date.parse rolls 2026-02-30 over to March 2; the naive branch rejects the same date.
    for (const raw of ['2026-02-30T10:00:00Z', '2026-04-31T10:00:00+02:00']) {
      assert.deepStrictEqual(parseServiceTime(raw), { raw }, raw);
    }
  });

  it('ignores surrounding whitespace for parsing but keeps it in raw', () => {
    assert.deepStrictEqual(parseServiceTime('  2026-11-22 08:15:00\n'), { raw: '  2026-11-22 08:15:00\n', ms: T0815Z.getTime() });
    assert.deepStrictEqual(parseServiceTime('\t1763799300 '), { raw: '\t1763799300 ', ms: new Date('2025-11-22T08:15:00.000Z').getTime() });
    assert.deepStrictEqual(parseServiceTime(' 2026-11-22T08:15:00Z '), { raw: ' 2026-11-22T08:15:00Z ', ms: T0815Z.getTime() });
  });

  it('reads YYYY-MM-DD HH:MM:SS exactly as the same time with a fraction of zero, valid or not, in either zone', () => {
    const dates = ['2024-02-29', '2023-02-29', '2100-02-29', '2000-02-29', '0050-01-01', '2026-13-01', '2026-00-10', '2026-04-31', '2026-12-31', '2026-01-00'];
    const clocks = ['00:00:00', '23:59:59', '23:59:60', '24:00:00', '12:60:00', '07:05:09'];
    for (const naive of ['utc', 'local'] as const) {
      for (const d of dates) {
        for (const sep of [' ', 'T']) {
          for (const c of clocks) {
            const whole = `${d}${sep}${c}`;
            assert.equal(parseServiceTime(whole, naive).ms, parseServiceTime(`${whole}.0`, naive).ms, `${whole} (${naive})`);
          }
        }
      }
    }
    for (const other of ['2026-11-22_08:15:00', '2026/11/22 08:15:00', '2026-11-22 08:15:0x', '2026-11-22t08:15:00', '+026-11-22 08:15:00']) {
      assert.equal(parseServiceTime(other).ms, undefined, other);
    }
  });

  it('gives back every time\'s text exactly as sent, also copied, spread and as JSON, whichever form and zone', () => {
    const dates = ['2026-11-22', '0100-01-01', '0099-12-31', '9999-12-31', '1969-12-31', '2024-02-29', '2023-02-29'];
    const clocks = ['08:15:00', '00:00:00', '23:59:59', '23:59:60', '24:00:00'];
    const texts = dates.flatMap((d) => clocks.flatMap((c) => [`${d} ${c}`, `${d}T${c}`, ` ${d} ${c}`, `${d} ${c}.0`]));
    for (const naive of ['utc', 'local'] as const) {
      inZone('America/New_York', () => {
        // 02:30 on 8 March 2026 does not exist in New York, 01:30 on 1 November twice.
        for (const raw of [...texts, '2026-03-08 02:30:00', '2026-11-01 01:30:00', '1763799300', '2026-11-22T08:15:00Z', 'soon', '']) {
          const t = parseServiceTime(raw, naive);
          const plain = { raw, ...(t.ms === undefined ? {} : { ms: t.ms }) };
          assert.equal(t.raw, raw, `${raw} (${naive})`);
          assert.deepStrictEqual(t, plain, `${raw} (${naive})`);
          assert.deepStrictEqual({ ...t }, plain, `${raw} (${naive})`);
          assert.deepStrictEqual(JSON.parse(JSON.stringify(t)), plain, `${raw} (${naive})`);
        }
      });
    }
  });
});
