import { retentionPeriods } from '@tuition/domain';
import { describe, expect, it } from 'vitest';
import { fillTemplate } from './copy-template.ts';
import { monthsLabel, privacyCopyValues } from './privacy-copy.ts';
import { LegalPageSchema } from './types.ts';

describe('privacy policy wording of the retention periods', () => {
  it('words the domain periods, the enquiry period 2 years when unset', () => {
    expect(privacyCopyValues(retentionPeriods(undefined))).toEqual({
      enquiryRetention: '2 years',
      unverifiedAccountRetention: '30 days',
      mailBodyRetention: '90 days',
      bookingRecordRetention: '7 years',
      recordingRetention: '30 days',
    });
  });

  it('words the lesson recordings period from the site setting', () => {
    expect(privacyCopyValues(retentionPeriods(undefined), 1).recordingRetention).toBe('1 day');
    expect(privacyCopyValues(retentionPeriods(undefined), 45).recordingRetention).toBe('45 days');
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
