import {
  DEFAULT_CUSTOMER_CANCEL_RETURNS_CREDIT,
  DEFAULT_ENQUIRY_RETENTION_MONTHS,
  DEFAULT_FIRST_REMINDER_HOURS,
  DEFAULT_OFFER_HOURS,
  DEFAULT_REENROL_INVITE_DAYS_BEFORE,
  DEFAULT_SECOND_REMINDER_HOURS,
} from '@tuition/domain';
import { DEFAULT_SMS_PER_ACCOUNT_DAY, DEFAULT_SMS_WORDING } from '@tuition/domain';
import { describe, expect, it } from 'vitest';
import { siteSettings } from './site-settings.ts';

const field = (name: string) => {
  const found = siteSettings.fields.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`siteSettings has no field ${name}`);
  return found as typeof found & { initialValue?: unknown; description?: string };
};

describe('site settings', () => {
  // The Studio fills a new settings document with the defaults the content package applies when
  // a field is unset: both come from @tuition/domain (decision 062).
  it('starts the retention, offer and reminder fields at the domain defaults', () => {
    expect(field('enquiryRetentionMonths').initialValue).toBe(DEFAULT_ENQUIRY_RETENTION_MONTHS);
    expect(field('offerHours').initialValue).toBe(DEFAULT_OFFER_HOURS);
    expect(field('firstReminderHours').initialValue).toBe(DEFAULT_FIRST_REMINDER_HOURS);
    expect(field('secondReminderHours').initialValue).toBe(DEFAULT_SECOND_REMINDER_HOURS);
  });

  it('starts the re-enrolment e-mail on the priority date (decision 107)', () => {
    expect(field('reenrolInviteDaysBefore').initialValue).toBe(DEFAULT_REENROL_INVITE_DAYS_BEFORE);
    expect(DEFAULT_REENROL_INVITE_DAYS_BEFORE).toBe(0);
  });

  it('starts "cancelling returns credit" at the domain default, off (decision 077)', () => {
    expect(field('customerCancelReturnsCredit').initialValue).toBe(
      DEFAULT_CUSTOMER_CANCEL_RETURNS_CREDIT,
    );
    expect(DEFAULT_CUSTOMER_CANCEL_RETURNS_CREDIT).toBe(false);
  });

  it('tells editors when offers end, from the domain rule', () => {
    expect(field('offerHours').description).toMatch(
      /Offers always end 2 hours before the session starts\.$/,
    );
  });

  // Text wording (docs/decisions/103): the studio refuses what would not fit two GSM-7 segments.
  it('checks each text wording fits two GSM-7 segments and starts at the domain default', async () => {
    expect(field('smsPerAccountDay').initialValue).toBe(DEFAULT_SMS_PER_ACCOUNT_DAY);
    const wording = field('smsWording') as unknown as {
      fields: {
        name: keyof typeof DEFAULT_SMS_WORDING;
        initialValue: string;
        validation: (rule: unknown) => unknown;
      }[];
    };
    const reminder = wording.fields.find((f) => f.name === 'reminder');
    expect(reminder?.initialValue).toBe(DEFAULT_SMS_WORDING.reminder);
    let check: ((value: unknown) => unknown) | undefined;
    reminder?.validation({
      custom: (fn: (value: unknown) => unknown) => {
        check = fn;
        return {};
      },
    });
    expect(check?.(DEFAULT_SMS_WORDING.reminder)).toBe(true);
    expect(check?.(`{child} ${'x'.repeat(300)}`)).toMatch(/Too long/);
    expect(check?.('{child}’s lesson')).toMatch(/three times/);
    expect(check?.('Hi {child}, 20% off {offer}')).toMatch(/Unknown placeholder/);
  });
});
