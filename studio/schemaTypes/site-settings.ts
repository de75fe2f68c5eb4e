import {
  DEFAULT_CUSTOMER_CANCEL_RETURNS_CREDIT,
  DEFAULT_RECORDING_RETENTION_DAYS,
  DEFAULT_REENROL_INVITE_DAYS_BEFORE,
  DEFAULT_UNFILLED_CLASS_REMEDY,
  DEFAULT_ENQUIRY_RETENTION_MONTHS,
  DEFAULT_FIRST_REMINDER_HOURS,
  DEFAULT_OFFER_HOURS,
  DEFAULT_SECOND_REMINDER_HOURS,
  DEFAULT_SMS_PER_ACCOUNT_DAY,
  DEFAULT_SMS_WORDING,
  SMS_PLACEHOLDERS,
  smsWordingProblem,
  OFFER_ENDS_BEFORE_START_MINUTES,
} from '@tuition/domain';
import { defineArrayMember, defineField, defineType } from 'sanity';
import { copyField } from './copy-fields.ts';
import { UK_PHONE_PATTERN, VAT_NUMBER_PATTERN } from './field-patterns.ts';

/** Kept in step with CLAIM_KINDS in packages/content/src/types.ts. */
export const CLAIM_KINDS = [
  { value: 'family-count', title: 'How many families trust us (quoted on /reviews)' },
  { value: 'grade-improvement', title: 'Grade improvement' },
  { value: 'schedule', title: 'Schedule' },
] as const;

/** Singleton: brand, contact details and site-wide claims shown in header, footer and SEO. */
export const siteSettings = defineType({
  name: 'siteSettings',
  title: 'Site settings',
  type: 'document',
  groups: [
    { name: 'brand', title: 'Brand', default: true },
    { name: 'contact', title: 'Contact' },
    { name: 'marketing', title: 'Marketing' },
    { name: 'footer', title: 'Footer' },
    { name: 'receipts', title: 'Receipts' },
    { name: 'bookings', title: 'Bookings' },
    { name: 'privacy', title: 'Privacy' },
    { name: 'seo', title: 'SEO' },
  ],
  fields: [
    defineField({
      name: 'brandName',
      title: 'Brand name',
      type: 'string',
      group: 'brand',
      description: 'Page titles read "{brand name} Education".',
      validation: (rule) => rule.required().min(2).max(40),
    }),
    defineField({
      name: 'tagline',
      type: 'string',
      group: 'brand',
      validation: (rule) => rule.required().max(160),
    }),
    defineField({
      name: 'contactEmail',
      title: 'Contact e-mail',
      type: 'string',
      group: 'contact',
      validation: (rule) => rule.required().email(),
    }),
    defineField({
      name: 'contactPhone',
      title: 'Contact phone',
      type: 'string',
      group: 'contact',
      description: 'A UK number, e.g. 07700 900123 or +44 20 7946 0123.',
      validation: (rule) => rule.required().regex(UK_PHONE_PATTERN, { name: 'UK phone number' }),
    }),
    defineField({
      name: 'chatUrl',
      title: 'Chat link',
      type: 'url',
      group: 'contact',
      description: 'The floating chat button opens this link, e.g. https://wa.me/447700900123.',
      validation: (rule) => rule.required().uri({ scheme: ['https'] }),
    }),
    defineField({
      name: 'socialLinks',
      title: 'Social links',
      type: 'array',
      group: 'contact',
      of: [
        defineArrayMember({
          type: 'object',
          name: 'socialLink',
          fields: [
            defineField({
              name: 'platform',
              type: 'string',
              options: {
                list: ['facebook', 'instagram', 'tiktok', 'x', 'youtube', 'linkedin'],
              },
              validation: (rule) => rule.required(),
            }),
            defineField({
              name: 'label',
              type: 'string',
              description: 'Accessible name of the icon link, e.g. "Instagram".',
              validation: (rule) => rule.required(),
            }),
            defineField({
              name: 'url',
              type: 'url',
              validation: (rule) => rule.required().uri({ scheme: ['https'] }),
            }),
          ],
          preview: { select: { title: 'label', subtitle: 'url' } },
        }),
      ],
    }),
    defineField({
      name: 'dataProtectionUrl',
      title: 'Data-protection registration link',
      type: 'url',
      group: 'contact',
      description: 'The business entry on the ICO register of fee payers.',
      validation: (rule) => rule.required().uri({ scheme: ['https'] }),
    }),
    defineField({
      name: 'openingHours',
      title: 'Opening hours',
      type: 'array',
      group: 'contact',
      of: [
        defineArrayMember({
          type: 'object',
          name: 'openingHoursEntry',
          fields: [
            defineField({
              name: 'days',
              type: 'string',
              description: 'e.g. "Weekdays"',
              validation: (rule) => rule.required(),
            }),
            defineField({
              name: 'hours',
              type: 'string',
              description: 'e.g. "5 PM – 8 PM"',
              validation: (rule) => rule.required(),
            }),
          ],
          preview: { select: { title: 'days', subtitle: 'hours' } },
        }),
      ],
      validation: (rule) => rule.required().min(1),
    }),
    defineField({
      name: 'responsePromise',
      title: 'Response promise',
      type: 'string',
      group: 'contact',
      description: 'How soon enquiries are answered, e.g. "within 24 hours".',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'enquiryRetentionMonths',
      title: 'Keep enquiries for (months)',
      type: 'number',
      group: 'contact',
      description:
        'Contact-form enquiries older than this are deleted every night; the privacy policy ' +
        'states it as {enquiryRetention}.',
      initialValue: DEFAULT_ENQUIRY_RETENTION_MONTHS,
      validation: (rule) => rule.required().integer().min(1).max(120),
    }),
    defineField({
      name: 'claims',
      title: 'Marketing claims',
      type: 'array',
      group: 'marketing',
      of: [
        defineArrayMember({
          type: 'object',
          name: 'claim',
          fields: [
            defineField({
              name: 'kind',
              type: 'string',
              description:
                'What the claim states, so pages can quote it: the /reviews heading shows the "How many families trust us" value as {familyCount}.',
              options: { list: CLAIM_KINDS.map(({ value, title }) => ({ value, title })) },
            }),
            defineField({
              name: 'value',
              type: 'string',
              description: 'The big figure, e.g. "50+"',
              validation: (rule) => rule.required(),
            }),
            defineField({
              name: 'label',
              type: 'string',
              description: 'e.g. "Parents and students"',
              validation: (rule) => rule.required(),
            }),
          ],
          preview: { select: { title: 'value', subtitle: 'label' } },
        }),
      ],
      validation: (rule) =>
        rule.max(4).custom((claims) => {
          const kinds = (claims ?? [])
            .map((claim) => (claim as { kind?: unknown }).kind)
            .filter((kind) => typeof kind === 'string');
          return new Set(kinds).size === kinds.length
            ? true
            : 'Give each kind to one claim at most, so pages know which one to quote';
        }),
    }),
    defineField({
      name: 'promoBanner',
      title: 'Promo banner text',
      type: 'string',
      group: 'marketing',
      description: 'The scrolling banner at the top of the home page. Leave empty to hide it.',
      validation: (rule) => rule.max(120),
    }),
    defineField({
      name: 'footer',
      type: 'object',
      group: 'footer',
      description: 'Headings of the footer columns on every page.',
      fields: [
        copyField('quickLinksHeading', {
          title: 'Links heading',
          description: 'Above the list of page links, e.g. "Quick Links".',
          max: 40,
        }),
        copyField('contactHeading', {
          title: 'Contact heading',
          description: 'Above the e-mail address and phone number, e.g. "Get in Touch".',
          max: 40,
        }),
      ],
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'business',
      title: 'Business details on receipts',
      type: 'object',
      group: 'receipts',
      description: 'Printed on every payment receipt customers open from Payments & Invoices.',
      fields: [
        defineField({
          name: 'name',
          title: 'Business name',
          type: 'string',
          description: 'The trading or registered name, e.g. "Maths Mastery Education Ltd".',
          validation: (rule) => rule.required().max(80),
        }),
        defineField({
          name: 'address',
          title: 'Postal address',
          type: 'text',
          rows: 4,
          description: 'One line per row, as it should be printed.',
          validation: (rule) => rule.required().max(300),
        }),
        defineField({
          name: 'vatNumber',
          title: 'VAT registration number',
          type: 'string',
          description:
            'e.g. GB123456789. Leave empty while the business is not VAT registered: receipts then say so.',
          validation: (rule) => rule.regex(VAT_NUMBER_PATTERN, { name: 'UK VAT number' }),
        }),
      ],
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'offerHours',
      title: 'Offer time (hours)',
      type: 'number',
      group: 'bookings',
      description:
        'How long a seat freed in a full session is held for the next family on its waiting list ' +
        'before it passes to the one after. Offers always end ' +
        `${OFFER_ENDS_BEFORE_START_MINUTES / 60} hours before the session starts.`,
      initialValue: DEFAULT_OFFER_HOURS,
      validation: (rule) => rule.required().integer().min(1).max(72),
    }),
    // Reminder e-mails before each booked session (docs/decisions/056); defaults from the domain.
    defineField({
      name: 'firstReminderHours',
      title: 'First reminder (hours before)',
      type: 'number',
      group: 'bookings',
      description:
        'Families are e-mailed this many hours before each booked session, with the pupil, the ' +
        'class, the time and the join link. Not sent when the booking was made later than that.',
      initialValue: DEFAULT_FIRST_REMINDER_HOURS,
      validation: (rule) => rule.required().integer().min(2).max(168),
    }),
    defineField({
      name: 'secondReminderHours',
      title: 'Second reminder (hours before)',
      type: 'number',
      group: 'bookings',
      description: 'A last reminder closer to the start; must be less than the first.',
      initialValue: DEFAULT_SECOND_REMINDER_HOURS,
      validation: (rule) =>
        rule
          .required()
          .integer()
          .min(1)
          .max(167)
          .custom((hours, context) => {
            const first = (context.document as { firstReminderHours?: number } | undefined)
              ?.firstReminderHours;
            return typeof hours === 'number' && typeof first === 'number' && hours >= first
              ? 'Must be less than the first reminder'
              : true;
          }),
    }),
    // The family wallet (docs/decisions/077); off by default, from the domain.
    defineField({
      name: 'customerCancelReturnsCredit',
      title: 'Cancelling returns credit',
      type: 'boolean',
      group: 'bookings',
      description:
        'A customer who cancels at least 24 hours before the session gets the seat back as a ' +
        'session of credit.',
      initialValue: DEFAULT_CUSTOMER_CANCEL_RETURNS_CREDIT,
    }),
    // The re-enrolment invitation (docs/decisions/107); on the priority date by default.
    defineField({
      name: 'reenrolInviteDaysBefore',
      title: 'Re-enrolment e-mail (days before priority opens)',
      type: 'number',
      group: 'bookings',
      description:
        'Families with a pupil in a class this term are e-mailed a link to keep their place for ' +
        'the next term this many days before its priority enrolment opens (0: on that day). ' +
        'Never sent once enrolment is open to everyone.',
      initialValue: DEFAULT_REENROL_INVITE_DAYS_BEFORE,
      validation: (rule) => rule.integer().min(0).max(28),
    }),
    // Classes that do not reach their minimum (docs/decisions/100); credit by default.
    defineField({
      name: 'unfilledClassRemedy',
      title: 'When a class does not reach its minimum',
      type: 'string',
      group: 'bookings',
      description:
        'What each family gets for a seat in a session cancelled because too few booked: ' +
        'credit (a session back in their wallet) or a refund to their card.',
      options: {
        list: [
          { title: 'Credit', value: 'credit' },
          { title: 'Refund to the card', value: 'refund' },
        ],
        layout: 'radio',
      },
      initialValue: DEFAULT_UNFILLED_CLASS_REMEDY,
    }),
    // Lesson recordings (docs/decisions/099); 30 days by default, from the domain.
    defineField({
      name: 'recordingRetentionDays',
      title: 'Keep lesson recordings for (days)',
      type: 'number',
      group: 'privacy',
      description:
        'Recordings are deleted this many days after their lesson. The privacy policy says it ' +
        'where it writes {recordingRetention}.',
      initialValue: DEFAULT_RECORDING_RETENTION_DAYS,
      validation: (rule) => rule.integer().min(1).max(365),
    }),
    // Text messages (docs/decisions/103): the daily limit an account and each kind's wording.
    defineField({
      name: 'smsPerAccountDay',
      title: 'Texts a day to one family (at most)',
      type: 'number',
      group: 'bookings',
      description:
        'Past this many texts in a day, the rest of the day goes to that family by e-mail only ' +
        'and the admins are told once. Verification codes count too.',
      initialValue: DEFAULT_SMS_PER_ACCOUNT_DAY,
      validation: (rule) => rule.integer().min(1).max(100),
    }),
    defineField({
      name: 'smsWording',
      title: 'Text messages',
      type: 'object',
      group: 'bookings',
      description:
        `What each text says. You can write ${SMS_PLACEHOLDERS.map((n) => `{${n}}`).join(', ')}; ` +
        'each must fit two texts (306 plain characters, with room for long names and links). ' +
        'Texts are about bookings only: never offers or marketing, and no other links.',
      fields: (
        [
          ['reminder', 'Lesson reminder'],
          ['change', 'A session cancelled, moved or rescheduled'],
          ['waitingListOffer', 'A waiting-list seat offered'],
          ['lessonReport', 'A lesson report ready'],
        ] as const
      ).map(([name, title]) =>
        defineField({
          name,
          title,
          type: 'text',
          rows: 3,
          initialValue: DEFAULT_SMS_WORDING[name],
          validation: (rule) =>
            rule.custom((value) =>
              typeof value === 'string' && value !== '' ? (smsWordingProblem(value) ?? true) : true,
            ),
        }),
      ),
    }),
    defineField({
      name: 'pupilConsentStatement',
      title: 'Parental consent statement',
      type: 'text',
      rows: 3,
      group: 'privacy',
      description:
        'What a parent ticks when adding a child in Years 6–11 (under 16), on My Account and the ' +
        'booking page, followed by a link to the privacy policy. The booking service records the ' +
        'privacy policy version current when it is ticked, so change the policy with this text.',
      validation: (rule) => rule.required().min(40).max(400),
    }),
    defineField({
      name: 'seo',
      title: 'SEO defaults',
      type: 'object',
      group: 'seo',
      fields: [
        defineField({
          name: 'titleSuffix',
          title: 'Title suffix',
          type: 'string',
          description: 'Appended to every page title, e.g. "Maths Mastery Education".',
          validation: (rule) => rule.required(),
        }),
        defineField({
          name: 'homeTitlePhrase',
          title: 'Home page title phrase',
          type: 'string',
          description: 'Precedes the suffix on the home page title.',
          validation: (rule) => rule.required().max(70),
        }),
        defineField({
          name: 'defaultDescription',
          title: 'Default meta description',
          type: 'text',
          rows: 3,
          validation: (rule) => rule.required().min(50).max(160),
        }),
      ],
      validation: (rule) => rule.required(),
    }),
  ],
  preview: { prepare: () => ({ title: 'Site settings' }) },
});
