import { describe, expect, it } from 'vitest';
import { attendanceRegisterFilename, csvField, csvLine } from './attendance-register.ts';

describe('csvField', () => {
  it('quotes every field and doubles quotes inside it', () => {
    expect(csvField('Ada "The Countess" Lovelace')).toBe('"Ada ""The Countess"" Lovelace"');
    expect(csvField('Smith, Jo')).toBe('"Smith, Jo"');
    expect(csvField(null)).toBe('""');
  });

  it('turns a value a spreadsheet would run as a formula into text', () => {
    for (const risky of ['=1+1', '+44 7700 900001', '-2', '@SUM(A1)', '\tx', '\rx']) {
      expect(csvField(risky)).toBe(`"'${risky}"`);
    }
    expect(csvField('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
  });

  it('leaves ordinary names, e-mails and phone numbers as they are', () => {
    expect(csvField('Zoë Ó Briain')).toBe('"Zoë Ó Briain"');
    expect(csvField('07700 900001')).toBe('"07700 900001"');
  });
});

describe('csvLine', () => {
  it('ends each record with CRLF (RFC 4180)', () => {
    expect(csvLine(['a', 'b'])).toBe('"a","b"\r\n');
  });
});

describe('attendanceRegisterFilename', () => {
  it('names the class, London date and 24-hour start', () => {
    const session = {
      id: 'x',
      service: 'gcse-higher' as const,
      subject: 'mathematics',
      label: 'GCSE Higher',
      startsAt: '2026-11-03T11:00:00.000Z',
      endsAt: '2026-11-03T12:00:00.000Z',
      date: '2026-11-03',
      time: '11:00 AM – 12:00 PM (midday)',
      bookedCount: 0,
      capacity: 10,
    };
    expect(attendanceRegisterFilename({ session, attendees: [] })).toBe(
      'register-gcse-higher-2026-11-03-1100.csv',
    );
  });
});
