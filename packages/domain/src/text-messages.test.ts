import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SMS_WORDING,
  fillSmsWording,
  fitsTwoGsm7Segments,
  nonGsm7Characters,
  parseSmsKeyword,
  quietHoursEnd,
  smsSegments,
  textSendTime,
  smsWordingProblem,
  unknownSmsPlaceholders,
} from './text-messages.ts';

const gsmChar = fc.constantFrom(...'abcXYZ019 .,!?@£$'.split(''));

describe('smsSegments', () => {
  it('fits 160 GSM-7 characters in one segment and splits 161 into two of 153', () => {
    expect(smsSegments('a'.repeat(160))).toEqual({ encoding: 'gsm7', units: 160, segments: 1 });
    expect(smsSegments('a'.repeat(161)).segments).toBe(2);
    expect(smsSegments('a'.repeat(306)).segments).toBe(2);
    expect(smsSegments('a'.repeat(307)).segments).toBe(3);
  });

  it('counts the extension characters twice', () => {
    expect(smsSegments('€'.repeat(80)).units).toBe(160);
    expect(smsSegments('€'.repeat(81)).segments).toBe(2);
  });

  it('turns the whole text into UCS-2 for one character outside the set', () => {
    expect(smsSegments(`${'a'.repeat(69)}’`)).toEqual({ encoding: 'ucs2', units: 70, segments: 1 });
    expect(smsSegments(`${'a'.repeat(70)}’`).segments).toBe(2);
    expect(nonGsm7Characters('It’s “fine” 😀')).toEqual(['’', '“', '”', '😀']);
  });

  it('never takes fewer segments than the length needs (property)', () => {
    fc.assert(
      fc.property(fc.array(gsmChar, { maxLength: 700 }), (chars) => {
        const { segments, units } = smsSegments(chars.join(''));
        expect(units).toBe(chars.length);
        expect(segments * (segments === 1 ? 160 : 153)).toBeGreaterThanOrEqual(units);
        if (segments > 1) expect((segments - 1) * 153).toBeLessThan(units);
      }),
    );
  });

  it('allows two GSM-7 segments and no more', () => {
    expect(fitsTwoGsm7Segments('a'.repeat(306))).toBe(true);
    expect(fitsTwoGsm7Segments('a'.repeat(307))).toBe(false);
    expect(fitsTwoGsm7Segments('Lesson at 5pm 😀')).toBe(false);
  });
});

describe('wording placeholders', () => {
  it('fills known placeholders and names unknown ones', () => {
    expect(
      fillSmsWording('{child}: {session} at {time}. {link}', {
        child: 'Amy',
        session: 'GCSE',
        time: '5:00 PM',
        link: 'x/join/1',
      }),
    ).toBe('Amy: GCSE at 5:00 PM. x/join/1');
    expect(unknownSmsPlaceholders('Hi {child}, see {offer} {link}')).toEqual(['offer']);
  });
});

describe('quietHoursEnd (London wall clock)', () => {
  const quiet = { from: '21:00', to: '08:00' };

  it('holds a text at 10 pm until 8 am London the next morning, in winter and in summer', () => {
    expect(quietHoursEnd(new Date('2026-01-14T22:00:00Z'), quiet)).toEqual(
      new Date('2026-01-15T08:00:00Z'),
    );
    // 21:30 BST is 20:30 UTC; the end is 08:00 BST = 07:00 UTC.
    expect(quietHoursEnd(new Date('2026-07-14T20:30:00Z'), quiet)).toEqual(
      new Date('2026-07-15T07:00:00Z'),
    );
    expect(quietHoursEnd(new Date('2026-07-15T05:00:00Z'), quiet)).toEqual(
      new Date('2026-07-15T07:00:00Z'),
    );
  });

  it('lets a text go outside quiet hours, and at the very minute they end', () => {
    expect(quietHoursEnd(new Date('2026-01-14T20:59:00Z'), quiet)).toBeNull();
    expect(quietHoursEnd(new Date('2026-01-15T08:00:00Z'), quiet)).toBeNull();
  });

  it('ends across the spring clock change at 8 am BST', () => {
    // 29 March 2026: clocks go forward at 01:00 UTC.
    expect(quietHoursEnd(new Date('2026-03-28T23:00:00Z'), quiet)).toEqual(
      new Date('2026-03-29T07:00:00Z'),
    );
  });

  it('treats a window within one day, and no window when from equals to', () => {
    expect(quietHoursEnd(new Date('2026-01-14T13:00:00Z'), { from: '12:00', to: '14:00' })).toEqual(
      new Date('2026-01-14T14:00:00Z'),
    );
    expect(
      quietHoursEnd(new Date('2026-01-14T13:00:00Z'), { from: '09:00', to: '09:00' }),
    ).toBeNull();
  });

  it('never answers an end in the past or more than a day ahead (property)', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2025-01-01'), max: new Date('2028-01-01'), noInvalidDate: true }),
        (now) => {
          const end = quietHoursEnd(now, quiet);
          if (end) {
            expect(end.getTime()).toBeGreaterThan(now.getTime());
            expect(end.getTime() - now.getTime()).toBeLessThanOrEqual(11 * 3_600_000);
          }
        },
      ),
    );
  });

  it('drops a held text that would be useless when the quiet hours end', () => {
    const now = new Date('2026-01-14T22:00:00Z');
    expect(textSendTime(now, quiet, new Date('2026-01-15T07:00:00Z'))).toEqual({ dropped: true });
    expect(textSendTime(now, quiet, new Date('2026-01-15T09:00:00Z'))).toEqual({
      at: new Date('2026-01-15T08:00:00Z'),
      held: true,
    });
    expect(textSendTime(new Date('2026-01-14T12:00:00Z'), quiet, null)).toEqual({
      at: new Date('2026-01-14T12:00:00Z'),
      held: false,
    });
  });
});

describe('parseSmsKeyword', () => {
  it('reads STOP and its synonyms, START and HELP, in any case and with punctuation', () => {
    for (const body of [
      'STOP',
      'stop',
      ' Stop. ',
      'unsubscribe',
      'Cancel',
      'END',
      'quit',
      'stop all',
      'OPTOUT',
    ])
      expect(parseSmsKeyword(body)).toBe('stop');
    for (const body of ['START', 'start!', 'Unstop', 'yes'])
      expect(parseSmsKeyword(body)).toBe('start');
    for (const body of ['HELP', 'help?', 'Info']) expect(parseSmsKeyword(body)).toBe('help');
  });

  it('ignores a sentence that merely contains a keyword', () => {
    for (const body of ["please don't stop", 'See you at the start', 'thanks', ''])
      expect(parseSmsKeyword(body)).toBeNull();
  });
});

describe('smsWordingProblem', () => {
  it('accepts every default wording', () => {
    for (const wording of Object.values(DEFAULT_SMS_WORDING))
      expect(smsWordingProblem(wording)).toBeNull();
  });

  it('refuses unknown placeholders, curly quotes and wording too long once filled', () => {
    expect(smsWordingProblem('Hi {child}, {offer}')).toMatch(/Unknown placeholder \{offer\}/);
    expect(smsWordingProblem('{child}’s lesson')).toMatch(/"’"/);
    expect(smsWordingProblem(`${'a'.repeat(200)} {link} {session}`)).toMatch(/Too long/);
  });
});
