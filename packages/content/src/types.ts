/**
 * The content the site and the booking service read, as zod schemas. Every query result is
 * parsed with one of these, so a broken CMS entry fails loudly (naming the document and
 * field) instead of rendering a broken page or pricing a basket wrongly.
 */
import {
  closureSchema,
  DEFAULT_CUSTOMER_CANCEL_RETURNS_CREDIT,
  DEFAULT_RECORDING_RETENTION_DAYS,
  DEFAULT_UNFILLED_CLASS_REMEDY,
  DEFAULT_ENQUIRY_RETENTION_MONTHS,
  DEFAULT_FIRST_REMINDER_HOURS,
  DEFAULT_OFFER_HOURS,
  DEFAULT_ONE_TO_ONE_LENGTHS,
  DEFAULT_REENROL_INVITE_DAYS_BEFORE,
  DEFAULT_SECOND_REMINDER_HOURS,
  DEFAULT_SMS_PER_ACCOUNT_DAY,
  DEFAULT_SMS_WORDING,
  smsWordingProblem,
  isCalendarDate,
  isWallClockTime,
  ONE_TO_ONE_LENGTHS,
  SERVICE_CODES,
  SUBJECT_CODES,
  weeklySlotSchema,
} from '@tuition/domain';
import { z } from 'zod';
import { copyTemplate } from './copy-template.ts';
import {
  CONTACT_PLACEHOLDERS,
  COURSE_TIMELINE_PLACEHOLDERS,
  PRICING_PLACEHOLDERS,
  REVIEWS_PLACEHOLDERS,
} from './placeholders.ts';
import { PRIVACY_PLACEHOLDERS } from './privacy-copy.ts';

export { CONTACT_PLACEHOLDERS, COURSE_TIMELINE_PLACEHOLDERS, REVIEWS_PLACEHOLDERS };

const text = z.string().trim().min(1, { error: 'Must not be empty' });
const httpsUrl = z.url({ protocol: /^https$/, error: 'Must be an https:// link' });
const pence = z.number().int().nonnegative();
const calendarDate = z.string().refine(isCalendarDate, { error: 'Must be a date YYYY-MM-DD' });

/**
 * A setting editors may leave unset (a projection gives null, an older document lacks it): the
 * default written once in `@tuition/domain` applies, never one written in GROQ (decision 062).
 */
const settingOrDefault = <Value extends number | boolean | string>(
  schema: z.ZodType<Value>,
  fallback: Value,
) => schema.nullish().transform((value) => value ?? fallback);

export const SeoDefaultsSchema = z.object({
  titleSuffix: text,
  homeTitlePhrase: text,
  defaultDescription: text,
});
export type SeoDefaults = z.infer<typeof SeoDefaultsSchema>;

export const SocialLinkSchema = z.object({ platform: text, label: text, url: httpsUrl });
export type SocialLink = z.infer<typeof SocialLinkSchema>;

/**
 * What a marketing claim states, so a page can quote the right one: the reviews heading reads
 * "{familyCount} Happy Parents and Students" from the claim of kind "family-count".
 */
export const CLAIM_KINDS = ['family-count', 'grade-improvement', 'schedule'] as const;

export const ClaimSchema = z.object({
  /** Null for a claim no page quotes by kind. */
  kind: z.enum(CLAIM_KINDS).nullable(),
  value: text,
  label: text,
});
export type Claim = z.infer<typeof ClaimSchema>;

/** What a receipt prints about the seller (decision 053). */
export const BusinessDetailsSchema = z.object({
  name: text,
  /** Printed line by line. */
  address: text,
  /** Null while the business is not VAT registered; receipts then say so. */
  vatNumber: z
    .string()
    .regex(/^GB(?:\d{9}|\d{12})$/, { error: 'Must be a UK VAT number like GB123456789' })
    .nullable(),
});
export type BusinessDetails = z.infer<typeof BusinessDetailsSchema>;

/** A text's wording: known placeholders, GSM-7, two segments at most (docs/decisions/103). */
const smsWordingText = z.string().superRefine((wording, ctx) => {
  const problem = smsWordingProblem(wording);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const SiteSettingsSchema = z.object({
  brandName: text,
  tagline: text,
  contactEmail: z.email(),
  contactPhone: text,
  chatUrl: httpsUrl,
  socialLinks: z.array(SocialLinkSchema),
  dataProtectionUrl: httpsUrl,
  openingHours: z.array(z.object({ days: text, hours: text })).min(1),
  responsePromise: text,
  /**
   * Months an enquiry is kept (docs/decisions/058): the retention job and the privacy policy read
   * it; DEFAULT_ENQUIRY_RETENTION_MONTHS when unset.
   */
  enquiryRetentionMonths: settingOrDefault(
    z.number().int().min(1).max(120),
    DEFAULT_ENQUIRY_RETENTION_MONTHS,
  ),
  claims: z.array(ClaimSchema),
  /** Null when editors have switched the banner off. */
  promoBanner: text.nullable(),
  business: BusinessDetailsSchema,
  /** How long a waiting-list offer holds its seat (docs/decisions/060); DEFAULT_OFFER_HOURS when unset. */
  offerHours: settingOrDefault(z.number().int().min(1).max(72), DEFAULT_OFFER_HOURS),
  /**
   * Hours before each confirmed session the reminder e-mails go (docs/decisions/056);
   * DEFAULT_FIRST_REMINDER_HOURS and DEFAULT_SECOND_REMINDER_HOURS when unset. The service sends
   * each once per booking.
   */
  firstReminderHours: settingOrDefault(
    z.number().int().min(1).max(168),
    DEFAULT_FIRST_REMINDER_HOURS,
  ),
  secondReminderHours: settingOrDefault(
    z.number().int().min(1).max(168),
    DEFAULT_SECOND_REMINDER_HOURS,
  ),
  /**
   * Whether a customer's own cancellation at least 24 hours before the start returns the seat as
   * a session of credit (docs/decisions/077); DEFAULT_CUSTOMER_CANCEL_RETURNS_CREDIT when unset.
   */
  customerCancelReturnsCredit: settingOrDefault(
    z.boolean(),
    DEFAULT_CUSTOMER_CANCEL_RETURNS_CREDIT,
  ),
  /**
   * Days before a term's priority date its re-enrolment invitations go (docs/decisions/107);
   * DEFAULT_REENROL_INVITE_DAYS_BEFORE (on the priority date) when unset.
   */
  reenrolInviteDaysBefore: settingOrDefault(
    z.number().int().min(0).max(28),
    DEFAULT_REENROL_INVITE_DAYS_BEFORE,
  ),
  /**
   * What each seat of a session that did not reach its class's minimum gets back
   * (docs/decisions/100): `credit` (a credit-paid seat its session, a card-paid seat one session
   * of credit) or `refund` (to the card); DEFAULT_UNFILLED_CLASS_REMEDY when unset.
   */
  unfilledClassRemedy: settingOrDefault(
    z.enum(['credit', 'refund']),
    DEFAULT_UNFILLED_CLASS_REMEDY,
  ),
  /**
   * Days a lesson recording is kept after its session (docs/decisions/099): the recordings job
   * and the privacy policy read it; DEFAULT_RECORDING_RETENTION_DAYS when unset.
   */
  recordingRetentionDays: settingOrDefault(
    z.number().int().min(1).max(365),
    DEFAULT_RECORDING_RETENTION_DAYS,
  ),
  /**
   * Texts a day to one account before the rest of its day's messages go by e-mail only
   * (docs/decisions/103); DEFAULT_SMS_PER_ACCOUNT_DAY when unset.
   */
  smsPerAccountDay: settingOrDefault(z.number().int().min(1).max(100), DEFAULT_SMS_PER_ACCOUNT_DAY),
  /**
   * The wording of each text kind (docs/decisions/103), with {child}, {session}, {time}, {link}
   * and {business}; each unset one is DEFAULT_SMS_WORDING's. A wording that would not fit two
   * GSM-7 segments fails the build, as the studio refuses it.
   */
  smsWording: z
    .object({
      reminder: smsWordingText.nullish(),
      change: smsWordingText.nullish(),
      waitingListOffer: smsWordingText.nullish(),
      lessonReport: smsWordingText.nullish(),
    })
    .nullish()
    .transform((set) => ({
      reminder: set?.reminder ?? DEFAULT_SMS_WORDING.reminder,
      change: set?.change ?? DEFAULT_SMS_WORDING.change,
      waitingListOffer: set?.waitingListOffer ?? DEFAULT_SMS_WORDING.waitingListOffer,
      lessonReport: set?.lessonReport ?? DEFAULT_SMS_WORDING.lessonReport,
    })),
  /**
   * What a parent ticks to add a child under 16 (docs/decisions/048), on /my-account and the booking
   * page; the service records the privacy policy version shown with it (docs/decisions/048).
   */
  pupilConsentStatement: text,
  seo: SeoDefaultsSchema,
  footer: z.object({ quickLinksHeading: text, contactHeading: text }),
});
export type SiteSettings = z.infer<typeof SiteSettingsSchema>;

/** What a 1-to-1 lesson is, until editors write their own. */
export const DEFAULT_ONE_TO_ONE_DESCRIPTION =
  'A private online lesson with one of our tutors, at a time that suits you, on the course your child is studying.';

/** Structurally a domain `PricingRules`, plus what the site shows around it. */
export const PricingSchema = z
  .object({
    sessionPricePence: pence.positive(),
    bundleSize: z.number().int().min(2),
    bundlePricePence: pence.positive(),
    oneToOneHourlyPence: pence.positive(),
    groupSizeMin: z.number().int().min(1),
    groupSizeMax: z.number().int().min(1),
    /**
     * The 1-to-1 lesson lengths sold, in minutes (docs/decisions/104): some of 30, 45, 60 and
     * 90; DEFAULT_ONE_TO_ONE_LENGTHS (an hour) when unset.
     */
    oneToOneLengthsMinutes: z
      .array(
        z.number().refine((n) => (ONE_TO_ONE_LENGTHS as readonly number[]).includes(n), {
          error: `Must be one of ${ONE_TO_ONE_LENGTHS.join(', ')} minutes`,
        }),
      )
      .nullish()
      .transform((lengths) =>
        lengths && lengths.length > 0
          ? [...new Set(lengths)].sort((a, b) => a - b)
          : [...DEFAULT_ONE_TO_ONE_LENGTHS],
      ),
    /** The courses 1-to-1 lessons are sold for; every course when unset. */
    oneToOneServices: z
      .array(z.enum(SERVICE_CODES, { error: 'Must be a known service code' }))
      .nullish()
      .transform((services) =>
        services && services.length > 0 ? [...new Set(services)] : [...SERVICE_CODES],
      ),
    /** A sentence or two on what a 1-to-1 lesson is, shown where it is booked. */
    oneToOneDescription: z
      .string()
      .trim()
      .nullish()
      .transform((description) => description || DEFAULT_ONE_TO_ONE_DESCRIPTION),
    /**
     * Every 1-to-1 lesson is recorded, whatever the family says about an adult nearby
     * (docs/decisions/115); off when unset.
     */
    oneToOneRecordingCompulsory: z
      .boolean()
      .nullish()
      .transform((compulsory) => compulsory === true),
  })
  .refine((p) => p.bundlePricePence < p.bundleSize * p.sessionPricePence, {
    error: 'The bundle must cost less than its sessions bought singly',
    path: ['bundlePricePence'],
  })
  .refine((p) => p.groupSizeMin <= p.groupSizeMax, {
    error: 'The largest group must not be smaller than the smallest',
    path: ['groupSizeMax'],
  });
export type Pricing = z.infer<typeof PricingSchema>;

/** Lower-case letters, digits and hyphens, as the Studio's pack id field allows. */
const slugId = z
  .string()
  .regex(/^[a-z0-9-]+$/, { error: 'Must be lower-case letters, digits and hyphens' });

/**
 * A session pack (docs/decisions/077): `sessions` sessions of credit for `pricePence`, lapsing
 * `validityMonths` after the purchase. Packs no longer on sale are still content: the booking
 * service sells only those on sale.
 */
export const PackSchema = z.object({
  id: slugId.max(100),
  name: text,
  sessions: z.number().int().min(1),
  pricePence: pence.positive(),
  validityMonths: z.number().int().min(1).max(36),
  onSale: z.boolean(),
});
export type Pack = z.infer<typeof PackSchema>;

/** Every pack, each id once: purchases are recorded under the id. */
export const PacksSchema = z.array(PackSchema).superRefine((packs, context) => {
  const seen = new Set<string>();
  for (const [index, pack] of packs.entries()) {
    if (seen.has(pack.id)) {
      context.addIssue({
        code: 'custom',
        message: `Another pack already has the id "${pack.id}"`,
        path: [index, 'id'],
      });
    }
    seen.add(pack.id);
  }
});

export const SubjectSchema = z.object({
  id: z.enum(SUBJECT_CODES),
  title: text,
  description: text,
  available: z.boolean(),
  colour: z.string().regex(/^#[0-9a-f]{6}$/, { error: 'Must be a hex colour like #2563eb' }),
});
export type Subject = z.infer<typeof SubjectSchema>;

export const CourseSchema = z.object({
  id: z.enum(SERVICE_CODES),
  title: text,
  subject: z.enum(SUBJECT_CODES),
  summary: text,
  details: z.array(text).min(1),
  /** Year suitability as shown, e.g. "Years 7-8". */
  years: text,
});
export type Course = z.infer<typeof CourseSchema>;

const bothWallClockTimes = (slot: { startTime: string; endTime: string }) =>
  isWallClockTime(slot.startTime) && isWallClockTime(slot.endTime);

/** Structurally a domain `WeeklySlot` (London wall-clock times), plus its end time. */
export const TimetableSlotSchema = weeklySlotSchema
  .extend({
    endTime: z.string().refine(isWallClockTime, { error: 'End time must be written HH:mm.' }),
  })
  // Only compare two well-formed times; a malformed one already has its own issue.
  .refine((slot) => !bothWallClockTimes(slot) || slot.endTime > slot.startTime, {
    error: 'End time must be after the start time',
    path: ['endTime'],
  });
export type TimetableSlot = z.infer<typeof TimetableSlotSchema>;

/** Structurally a domain `Closure`: London dates, both included, and the reason shown. */
export const ClosureSchema = closureSchema;
export type Closure = z.infer<typeof ClosureSchema>;

const bothCalendarDates = (first: string, second: string) =>
  isCalendarDate(first) && isCalendarDate(second);

/**
 * A school term families will enrol in (docs/decisions/081): London dates, both days included;
 * pupils already in a class may enrol from `priorityOpensOn`, everyone from `publicOpensOn`.
 * Half terms are closures, not part of the term.
 */
export const TermSchema = z
  .object({
    id: text,
    name: text,
    firstDay: calendarDate,
    lastDay: calendarDate,
    priorityOpensOn: calendarDate,
    publicOpensOn: calendarDate,
    pricePencePerSession: pence,
  })
  // 'YYYY-MM-DD' strings compare in calendar order; a malformed date already has its own issue.
  .refine((t) => !bothCalendarDates(t.firstDay, t.lastDay) || t.lastDay >= t.firstDay, {
    error: 'The last day must not be before the first day',
    path: ['lastDay'],
  })
  .refine(
    (t) =>
      !bothCalendarDates(t.priorityOpensOn, t.publicOpensOn) ||
      t.priorityOpensOn <= t.publicOpensOn,
    { error: 'Priority enrolment must not open after public enrolment', path: ['priorityOpensOn'] },
  )
  .refine((t) => !bothCalendarDates(t.publicOpensOn, t.firstDay) || t.publicOpensOn <= t.firstDay, {
    error: 'Public enrolment must not open after the first day',
    path: ['publicOpensOn'],
  });
export type Term = z.infer<typeof TermSchema>;

export const TimelineUnitSchema = z.object({ unit: text, date: calendarDate, timeFrame: text });
export type TimelineUnit = z.infer<typeof TimelineUnitSchema>;

export const CourseTimelineSchema = z.object({
  id: z.enum(SERVICE_CODES),
  title: text,
  academicYear: text,
  terms: z
    .array(
      z.object({
        term: z.enum(['Autumn', 'Spring', 'Summer']),
        units: z.array(TimelineUnitSchema).min(1),
      }),
    )
    .min(1),
});
export type CourseTimeline = z.infer<typeof CourseTimelineSchema>;

export const ReviewSchema = z.object({
  rating: z.number().int().min(1).max(5),
  text,
  name: text,
  role: z.enum(['Parent', 'Student']),
});
export type Review = z.infer<typeof ReviewSchema>;

export const FaqItemSchema = z.object({ question: text, answer: text });
export type FaqItem = z.infer<typeof FaqItemSchema>;

export const FaqPageSchema = z.object({
  heading: text,
  subtext: text,
  items: z.array(FaqItemSchema).min(1),
});
export type FaqPage = z.infer<typeof FaqPageSchema>;

export const TeacherSchema = z.object({
  name: text,
  role: text,
  isFounder: z.boolean(),
  bio: text,
  qualifications: z.array(text).min(1),
  initials: text,
  /** Null until a photo is uploaded; show the initials instead. */
  photo: z.object({ url: httpsUrl, alt: text }).nullable(),
});
export type Teacher = z.infer<typeof TeacherSchema>;

export const AboutPageSchema = z.object({
  title: text,
  description: text,
  eyebrow: text,
  intro: text,
  foundersHeading: text,
  /** Heading above each founder's list of qualifications. */
  qualificationsHeading: text,
  philosophy: z.object({
    heading: text,
    /** Plain text; paragraphs are separated by a blank line. */
    body: text,
  }),
});
export type AboutPage = z.infer<typeof AboutPageSchema>;

export const LEARNING_STYLE_KINDS = ['group', 'in-person', 'one-to-one'] as const;

export const LearningStyleSchema = z.object({
  kind: z.enum(LEARNING_STYLE_KINDS),
  title: text,
  description: text,
  status: z.enum(['available', 'coming-soon']),
  features: z.array(text),
  /** After the price on the group and 1-to-1 cards, e.g. "per session"; null for none. */
  priceUnit: text.nullable(),
});
export type LearningStyle = z.infer<typeof LearningStyleSchema>;

const sectionHeading = z.object({ heading: text, subtext: text });

export const HomePageSchema = z.object({
  hero: z.object({
    heading: text,
    subheading: text,
    getStartedLabel: text,
    bookNowLabel: text,
    viewServicesLabel: text,
  }),
  teachingStyle: z.object({
    heading: text,
    intro: text,
    points: z.array(z.object({ title: text, description: text })).min(1),
  }),
  /** The box beside the hero with the group-session price, offer and opening hours. */
  pricePanel: z.object({
    title: text,
    priceUnit: text,
    offer: copyTemplate(PRICING_PLACEHOLDERS),
    groupSize: copyTemplate(PRICING_PLACEHOLDERS),
  }),
  learningStylesSection: sectionHeading,
  learningStyles: z.array(LearningStyleSchema).length(3),
  subjectsSection: sectionHeading,
  reviewsSection: sectionHeading,
  ctas: z.object({ heading: text, text, contactLabel: text, bookLabel: text }),
});
export type HomePage = z.infer<typeof HomePageSchema>;

export const ContactPageSchema = z.object({
  /** The page heading and its name in the browser title. */
  title: text,
  eyebrow: text,
  description: copyTemplate(CONTACT_PLACEHOLDERS),
  lead: copyTemplate(CONTACT_PLACEHOLDERS),
  formHeading: text,
  detailsHeading: text,
  hoursHeading: text,
  responseNote: copyTemplate(CONTACT_PLACEHOLDERS),
  socialHeading: text,
});
export type ContactPage = z.infer<typeof ContactPageSchema>;

export const ServicesPageSchema = z.object({
  title: text,
  eyebrow: text,
  description: text,
  lead: text,
  /** Follows "English and Science are coming soon."; {contactLink} becomes the link. */
  comingSoonNote: copyTemplate(['contactLink']),
  contactLinkLabel: text,
});
export type ServicesPage = z.infer<typeof ServicesPageSchema>;

export const MathematicsPageSchema = z.object({
  /** The page's name in the browser title; the heading is the subject's title. */
  title: text,
  eyebrow: text,
  /** Under "Which tier are you?" in the GCSE dialog. */
  tierDialogText: text,
  pricing: z.object({
    heading: text,
    lead: copyTemplate(PRICING_PLACEHOLDERS),
    sessionLabel: copyTemplate(PRICING_PLACEHOLDERS),
    sessionPriceUnit: text,
    bundleLabel: copyTemplate(PRICING_PLACEHOLDERS),
    bundleSaving: copyTemplate(PRICING_PLACEHOLDERS),
    oneToOneLabel: copyTemplate(PRICING_PLACEHOLDERS),
    oneToOnePriceUnit: text,
    oneToOneLinkLabel: text,
    note: copyTemplate(PRICING_PLACEHOLDERS),
  }),
});
export type MathematicsPage = z.infer<typeof MathematicsPageSchema>;

export const ReviewsPageSchema = z
  .object({
    title: text,
    eyebrow: text,
    heading: copyTemplate(REVIEWS_PLACEHOLDERS),
    lead: text,
    description: copyTemplate(REVIEWS_PLACEHOLDERS),
    /** The value of the site settings' "family-count" claim, joined in by the query. */
    familyCount: text.nullable(),
  })
  .refine(
    (page) =>
      page.familyCount !== null ||
      ![page.heading, page.description].some((copy) => copy.includes('{familyCount}')),
    {
      error:
        'The copy uses {familyCount}, but no marketing claim in Site settings has the kind "family-count"',
      path: ['familyCount'],
    },
  );
export type ReviewsPage = z.infer<typeof ReviewsPageSchema>;

export const CourseTimelinePageSchema = z.object({
  eyebrow: text,
  lead: copyTemplate(COURSE_TIMELINE_PLACEHOLDERS),
  description: copyTemplate(COURSE_TIMELINE_PLACEHOLDERS),
});
export type CourseTimelinePage = z.infer<typeof CourseTimelinePageSchema>;

export const LEGAL_SLUGS = ['terms-and-conditions', 'privacy-policy'] as const;
export type LegalSlug = (typeof LEGAL_SLUGS)[number];

export const LegalPageSchema = z.object({
  slug: z.enum(LEGAL_SLUGS),
  title: text,
  description: text,
  updatedAt: calendarDate,
  /** Paragraphs may state the retention periods as {enquiryRetention} and the like (privacy-copy.ts). */
  sections: z
    .array(
      z.object({ heading: text, paragraphs: z.array(copyTemplate(PRIVACY_PLACEHOLDERS)).min(1) }),
    )
    .min(1),
});
export type LegalPage = z.infer<typeof LegalPageSchema>;
