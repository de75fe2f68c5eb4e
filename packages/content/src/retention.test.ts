import { describe, expect, it } from 'vitest';
import { fillTemplate } from './copy-template.ts';
import { LegalPageSchema } from './types.ts';
import {
  DEFAULT_ENQUIRY_RETENTION_MONTHS,
  monthsLabel,
  privacyCopyValues,
  retentionPeriods,
} from './retention.ts';

describe('retention periods', () => {
  it('takes the enquiry period from the settings, else 2 years, and fixes the rest', () => {
    expect(retentionPeriods(18)).toEqual({
      enquiryMonths: 18,
      unverifiedAccountDays: 30,
      mailBodyDays: 90,
      bookingRecordYears: 7,
    });
    expect(retentionPeriods(undefined).enquiryMonths).toBe(DEFAULT_ENQUIRY_RETENTION_MONTHS);
    expect(DEFAULT_ENQUIRY_RETENTION_MONTHS).toBe(24);
  });

  it('words months as years when they are whole years', () => {
    expect([12, 24, 18, 1].map(monthsLabel)).toEqual(['1 year', '2 years', '18 months', '1 month']);
  });

  it('fills a privacy paragraph from the same settings, and refuses an unknown placeholder', () => {
    const page = LegalPageSchema.parse({
      slug: 'privacy-policy',
      title: 'Privacy Policy',
      description: 'How we keep data.',
      updatedAt: '2026-09-01',
      sections: [
        {
          heading: 'How long we keep it',
          paragraphs: ['Enquiries: {enquiryRetention}. Records: {bookingRecordRetention}.'],
        },
      ],
    });
    const paragraph = page.sections[0]!.paragraphs[0]!;
    expect(fillTemplate(paragraph, privacyCopyValues(retentionPeriods(36)))).toBe(
      'Enquiries: 3 years. Records: 7 years.',
    );
    const typo = LegalPageSchema.safeParse({
      ...page,
      sections: [{ heading: 'x', paragraphs: ['{enquiryRetension}'] }],
    });
    expect(typo.success).toBe(false);
  });
});
