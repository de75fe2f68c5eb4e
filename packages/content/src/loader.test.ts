import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DEFAULT_CUSTOMER_CANCEL_RETURNS_CREDIT,
  DEFAULT_ENQUIRY_RETENTION_MONTHS,
  DEFAULT_FIRST_REMINDER_HOURS,
  DEFAULT_OFFER_HOURS,
  DEFAULT_SECOND_REMINDER_HOURS,
} from '@tuition/domain';
import { describe, expect, it } from 'vitest';
import { contentConfigFromEnv } from './config.ts';
import { ContentNotFoundError, ContentValidationError } from './content-validation.ts';
import { fillTemplate } from './copy-template.ts';
import { createContentLoader } from './loader.ts';
import { pricingCopyValues } from './pricing-copy.ts';
import { DEFAULT_ONE_TO_ONE_DESCRIPTION, LEGAL_SLUGS } from './types.ts';

const seedConfig = contentConfigFromEnv({});
const content = createContentLoader(seedConfig);

/** A private copy of the seed with some documents edited, for failure tests. */
function seedWith(edit: (doc: Record<string, unknown>) => Record<string, unknown> | null) {
  if (seedConfig.source !== 'seed') throw new Error('expected the seed source');
  const dir = mkdtempSync(join(tmpdir(), 'content-seed-'));
  const lines = readFileSync(join(seedConfig.seedPath, 'production.ndjson'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .flatMap((line) => {
      const edited = edit(JSON.parse(line));
      return edited ? [JSON.stringify(edited)] : [];
    });
  writeFileSync(join(dir, 'production.ndjson'), `${lines.join('\n')}\n`);
  return dir;
}

/** A private copy of the seed with its documents in reverse order. */
function seedWithLinesReversed() {
  const dir = seedWith((doc) => doc);
  const file = join(dir, 'production.ndjson');
  const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean).reverse();
  writeFileSync(file, `${lines.join('\n')}\n`);
  return dir;
}

describe('content loader over the seed dataset', () => {
  it('reads site settings with the brand, contact details and opening hours', async () => {
    const settings = await content.siteSettings();
    expect(settings.seo.titleSuffix).toBe(`${settings.brandName} Education`);
    expect(settings.openingHours).toEqual([
      { days: 'Weekdays', hours: '5 PM – 8 PM' },
      { days: 'Weekends', hours: '10 AM – 5 PM' },
    ]);
    expect(settings.responsePromise).toBe('within 24 hours');
    expect(settings.claims.map((claim) => claim.value)).toEqual(['50+', '95%', 'Flexible']);
    expect(settings.claims[0]?.kind).toBe('family-count');
    expect(settings.footer).toEqual({
      quickLinksHeading: 'Quick Links',
      contactHeading: 'Get in Touch',
    });
  });

  it('reads the prices in pence', async () => {
    expect(await content.pricing()).toEqual({
      sessionPricePence: 1500,
      bundleSize: 10,
      bundlePricePence: 10000,
      oneToOneHourlyPence: 5000,
      groupSizeMin: 1,
      groupSizeMax: 10,
      oneToOneLengthsMinutes: [60],
      oneToOneServices: ['sats', 'ks3', 'gcse', 'gcse-higher', 'aslevel', 'alevel'],
      oneToOneDescription: DEFAULT_ONE_TO_ONE_DESCRIPTION,
      oneToOneRecordingCompulsory: false,
    });
  });

  it('reads the session packs, the 10-session pack on sale', async () => {
    expect(await content.packs()).toEqual([
      {
        id: 'ten-session-pack',
        name: '10-session pack',
        sessions: 10,
        pricePence: 10000,
        validityMonths: 6,
        onSale: true,
      },
    ]);
  });

  it('reads that a customer cancelling does not return credit in the seed', async () => {
    expect((await content.siteSettings()).customerCancelReturnsCredit).toBe(false);
  });

  it('lists the three subjects with only Mathematics available', async () => {
    const subjects = await content.subjects();
    expect(subjects.map(({ id, available }) => [id, available])).toEqual([
      ['mathematics', true],
      ['english', false],
      ['science', false],
    ]);
  });

  it('lists the five course cards in school-year order with their year suitability', async () => {
    const courses = await content.courses();
    expect(courses.map(({ id, years, subject }) => [id, years, subject])).toEqual([
      ['sats', 'Year 6', 'mathematics'],
      ['ks3', 'Years 7-8', 'mathematics'],
      ['gcse', 'Years 9-11', 'mathematics'],
      ['aslevel', 'Year 12', 'mathematics'],
      ['alevel', 'Year 13', 'mathematics'],
    ]);
  });

  it('orders the 15 timetable slots from Tuesday to Sunday by start time', async () => {
    const slots = await content.timetable();
    expect(slots).toHaveLength(15);
    expect(
      slots.slice(0, 3).map((slot) => `${slot.day} ${slot.startTime} ${slot.service}`),
    ).toEqual(['tue 17:00 gcse', 'tue 18:00 ks3', 'tue 19:00 gcse-higher']);
    expect(slots.at(-1)).toEqual({
      day: 'sun',
      startTime: '13:00',
      endTime: '14:00',
      label: 'KS3',
      service: 'ks3',
    });
  });

  it('reads the closures earliest first, a one-day closure ending where it starts', async () => {
    const closures = await content.closures();
    expect(closures[0]).toEqual({ from: '2026-10-26', to: '2026-11-01', reason: 'Half term' });
    expect(closures).toContainEqual({
      from: '2026-12-21',
      to: '2027-01-03',
      reason: 'Christmas holiday',
    });
    expect(closures).toContainEqual({
      from: '2027-03-26',
      to: '2027-03-26',
      reason: 'Good Friday',
    });
    // The eight bank holidays of England in 2027 (gov.uk), the Christmas ones on substitute days.
    const bankHolidays = closures
      .filter((c) => c.from.startsWith('2027') && c.to === c.from)
      .map((c) => c.from);
    expect(bankHolidays).toEqual([
      '2027-01-01',
      '2027-03-26',
      '2027-03-29',
      '2027-05-03',
      '2027-05-31',
      '2027-08-30',
      '2027-12-27',
      '2027-12-28',
    ]);
  });

  it('reads the six seeded terms by first day, at £10 a session', async () => {
    const terms = await content.terms();
    expect(terms.map((term) => term.name)).toEqual([
      'Autumn 2026',
      'Spring 2027',
      'Summer 2027',
      'Autumn 2027',
      'Spring 2028',
      'Summer 2028',
    ]);
    expect(terms[1]).toEqual({
      id: 'term-2027-spring',
      name: 'Spring 2027',
      firstDay: '2027-01-04',
      lastDay: '2027-03-25',
      priorityOpensOn: '2026-11-30',
      publicOpensOn: '2026-12-14',
      pricePencePerSession: 1000,
    });
    expect(new Set(terms.map((term) => term.pricePencePerSession))).toEqual(new Set([1000]));
  });

  it('orders terms by first day whatever order the documents come in', async () => {
    const reversed = createContentLoader({
      source: 'seed',
      seedPath: seedWithLinesReversed(),
    });
    expect((await reversed.terms()).map((term) => term.firstDay)).toEqual(
      (await content.terms()).map((term) => term.firstDay),
    );
  });

  it('reads the business details receipts print, not VAT registered in the seed', async () => {
    const { business } = await content.siteSettings();
    expect(business.name).toBe('Maths Mastery Education');
    expect(business.address.split('\n')).toHaveLength(3);
    expect(business.vatNumber).toBeNull();
  });

  it('reads the parental consent statement the pupil form shows for a child under 16', async () => {
    const { pupilConsentStatement } = await content.siteSettings();
    expect(pupilConsentStatement).toMatch(/^I am this child’s parent or guardian, .*under 16\.$/);
  });

  it('reads all six course timelines, and one by id', async () => {
    const timelines = await content.courseTimelines();
    expect(timelines.map((timeline) => timeline.id)).toEqual([
      'sats',
      'ks3',
      'gcse',
      'gcse-higher',
      'aslevel',
      'alevel',
    ]);
    const higher = await content.courseTimeline('gcse-higher');
    expect(higher?.terms.map((term) => term.term)).toEqual(['Autumn', 'Spring', 'Summer']);
    expect(higher?.terms[0]?.units[0]).toEqual({
      unit: 'Surds and indices',
      date: '2026-09-07',
      timeFrame: '2 weeks',
    });
  });

  it('answers null for a timeline id that does not exist', async () => {
    expect(await content.courseTimeline('gcse-foundation')).toBeNull();
  });

  it('reads the five-star reviews', async () => {
    const reviews = await content.reviews();
    expect(reviews.length).toBeGreaterThanOrEqual(9);
    expect(reviews.every((review) => review.rating === 5)).toBe(true);
  });

  it('reads the 7 FAQ items in the order set on the FAQ page', async () => {
    const faq = await content.faq();
    expect(faq).toHaveLength(7);
    expect(faq[0]?.question).toBe('What subjects do you offer?');
    expect(faq[6]?.question).toBe('Which exam boards do you cover?');
    expect((await content.faqPage()).heading).toBe('Frequently Asked Questions');
  });

  it('follows an editor reordering the FAQ', async () => {
    const reordered = createContentLoader({
      source: 'seed',
      seedPath: seedWith((doc) =>
        doc._id === 'faqPage' ? { ...doc, items: [...(doc.items as unknown[])].reverse() } : doc,
      ),
    });
    expect((await reordered.faq())[0]?.question).toBe('Which exam boards do you cover?');
  });

  it('reads the two founders, without photos in the seed', async () => {
    const teachers = await content.teachers();
    expect(teachers.filter((teacher) => teacher.isFounder)).toHaveLength(2);
    expect(teachers.every((teacher) => teacher.photo === null)).toBe(true);
  });

  it('reads the about, home and legal pages', async () => {
    expect((await content.aboutPage()).philosophy.heading).toBe('Our philosophy');
    const home = await content.homePage();
    expect(home.learningStyles.map((style) => [style.kind, style.status])).toEqual([
      ['group', 'available'],
      ['in-person', 'coming-soon'],
      ['one-to-one', 'available'],
    ]);
    for (const slug of LEGAL_SLUGS) {
      const page = await content.legalPage(slug);
      expect(page.slug).toBe(slug);
      expect(page.sections.length).toBeGreaterThan(3);
    }
  });

  it('reads the home price panel and learning-styles copy, filled from the pricing', async () => {
    const [home, pricing] = await Promise.all([content.homePage(), content.pricing()]);
    const values = pricingCopyValues(pricing);
    expect(fillTemplate(home.pricePanel.offer, values)).toBe('10 sessions for £100.00');
    expect(fillTemplate(home.pricePanel.groupSize, values)).toBe('Groups of 1 to 10 students');
    expect(home.learningStylesSection.heading).toBe('Ways to learn');
    expect(home.learningStyles.map((style) => style.priceUnit)).toEqual([
      'per session',
      null,
      'per hour',
    ]);
  });

  it('reads the copy of /about, /services, /services/mathematics and /contact', async () => {
    const [about, services, maths, contact, settings, pricing] = await Promise.all([
      content.aboutPage(),
      content.servicesPage(),
      content.mathematicsPage(),
      content.contactPage(),
      content.siteSettings(),
      content.pricing(),
    ]);
    expect([about.foundersHeading, about.qualificationsHeading]).toEqual([
      'Meet the founders',
      'Qualifications',
    ]);
    expect(services.title).toBe('Our Services');
    expect(services.comingSoonNote).toContain('{contactLink}');
    const values = pricingCopyValues(pricing);
    expect(fillTemplate(maths.pricing.bundleLabel, values)).toBe('10-session bundle');
    expect(fillTemplate(maths.pricing.bundleSaving, values)).toBe('Save £50.00');
    expect(fillTemplate(contact.lead, { responsePromise: settings.responsePromise })).toBe(
      'Ask about courses, group sessions or one-to-one tuition. We reply within 24 hours.',
    );
  });

  it('builds the reviews heading from the "family-count" marketing claim', async () => {
    const reviews = await content.reviewsPage();
    expect(reviews.familyCount).toBe('50+');
    expect(fillTemplate(reviews.heading, { familyCount: reviews.familyCount ?? '' })).toBe(
      '50+ Happy Parents and Students',
    );
  });

  it('reads the copy shared by the course timeline pages', async () => {
    const [page, timeline] = await Promise.all([
      content.courseTimelinePage(),
      content.courseTimeline('ks3'),
    ]);
    const values = { title: timeline!.title, academicYear: timeline!.academicYear };
    expect(fillTemplate(page.lead, { ...values, unitCount: 0, termCount: 0 })).toBe(
      'Academic year 2026/27. What we teach each term, when each unit starts and how long it runs.',
    );
  });

  it('ignores drafts in the dataset, as the published perspective does', async () => {
    const seedPath = seedWith((doc) => doc);
    const file = join(seedPath, 'production.ndjson');
    const draft = { _id: 'drafts.pricing', _type: 'pricing', sessionPricePence: 1 };
    writeFileSync(file, `${readFileSync(file, 'utf8')}${JSON.stringify(draft)}\n`);
    const loader = createContentLoader({ source: 'seed', seedPath });
    expect((await loader.pricing()).sessionPricePence).toBe(1500);
  });
});

describe('site settings an editor left unset', () => {
  const DEFAULTED = [
    'enquiryRetentionMonths',
    'offerHours',
    'firstReminderHours',
    'secondReminderHours',
  ] as const;
  const settingsWith = (edit: (doc: Record<string, unknown>) => Record<string, unknown>) =>
    createContentLoader({
      source: 'seed',
      seedPath: seedWith((doc) => (doc._id === 'siteSettings' ? edit(doc) : doc)),
    }).siteSettings();

  it('takes the domain defaults when the fields are missing (decision 062)', async () => {
    const settings = await settingsWith((doc) => {
      const copy = { ...doc };
      for (const field of DEFAULTED) delete copy[field];
      return copy;
    });
    expect({
      enquiryRetentionMonths: settings.enquiryRetentionMonths,
      offerHours: settings.offerHours,
      firstReminderHours: settings.firstReminderHours,
      secondReminderHours: settings.secondReminderHours,
    }).toEqual({
      enquiryRetentionMonths: DEFAULT_ENQUIRY_RETENTION_MONTHS,
      offerHours: DEFAULT_OFFER_HOURS,
      firstReminderHours: DEFAULT_FIRST_REMINDER_HOURS,
      secondReminderHours: DEFAULT_SECOND_REMINDER_HOURS,
    });
    expect([24, 12, 24, 1]).toEqual([
      settings.enquiryRetentionMonths,
      settings.offerHours,
      settings.firstReminderHours,
      settings.secondReminderHours,
    ]);
  });

  it('takes the domain defaults when the fields are null', async () => {
    const settings = await settingsWith((doc) => ({
      ...doc,
      ...Object.fromEntries(DEFAULTED.map((field) => [field, null])),
    }));
    expect(settings.offerHours).toBe(DEFAULT_OFFER_HOURS);
    expect(settings.enquiryRetentionMonths).toBe(DEFAULT_ENQUIRY_RETENTION_MONTHS);
  });

  it('does not return credit for a cancellation unless an editor says so (decision 077)', async () => {
    const missing = await settingsWith(({ customerCancelReturnsCredit: _unset, ...doc }) => doc);
    expect(missing.customerCancelReturnsCredit).toBe(DEFAULT_CUSTOMER_CANCEL_RETURNS_CREDIT);
    expect(missing.customerCancelReturnsCredit).toBe(false);
    const unset = await settingsWith((doc) => ({ ...doc, customerCancelReturnsCredit: null }));
    expect(unset.customerCancelReturnsCredit).toBe(false);
    const on = await settingsWith((doc) => ({ ...doc, customerCancelReturnsCredit: true }));
    expect(on.customerCancelReturnsCredit).toBe(true);
  });

  it('keeps what an editor set', async () => {
    const settings = await settingsWith((doc) => ({
      ...doc,
      enquiryRetentionMonths: 18,
      offerHours: 6,
      firstReminderHours: 48,
      secondReminderHours: 2,
    }));
    expect(settings).toMatchObject({
      enquiryRetentionMonths: 18,
      offerHours: 6,
      firstReminderHours: 48,
      secondReminderHours: 2,
    });
  });

  it('still names a setting out of range', async () => {
    const error = await settingsWith((doc) => ({ ...doc, offerHours: 0 })).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ContentValidationError);
    expect((error as Error).message).toMatch(/document "siteSettings".*field offerHours/);
  });
});

describe('content loader with broken content', () => {
  it('names the document and field of an invalid timetable slot', async () => {
    const broken = createContentLoader({
      source: 'seed',
      seedPath: seedWith((doc) =>
        doc._id === 'timetable-wed-1800' ? { ...doc, startTime: '6pm' } : doc,
      ),
    });
    const error = await broken.timetable().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ContentValidationError);
    expect((error as ContentValidationError).problems).toEqual([
      expect.objectContaining({
        documentId: 'timetable-wed-1800',
        documentType: 'timetableSlot',
        fieldPath: 'startTime',
      }),
    ]);
    expect((error as Error).message).toMatch(/document "timetable-wed-1800".*field startTime/);
  });

  it('names a closure whose last day is before its first', async () => {
    const broken = createContentLoader({
      source: 'seed',
      seedPath: seedWith((doc) =>
        doc._id === 'closure-2027-spring' ? { ...doc, to: '2027-05-01' } : doc,
      ),
    });
    const error = await broken.closures().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ContentValidationError);
    expect((error as Error).message).toMatch(/document "closure-2027-spring".*field to/);
  });

  it('names a field nested inside arrays of a document', async () => {
    const broken = createContentLoader({
      source: 'seed',
      seedPath: seedWith((doc) => {
        if (doc._id !== 'timeline-ks3') return doc;
        const terms = structuredClone(doc.terms) as { units: { date: string }[] }[];
        terms[1]!.units[2]!.date = 'next March';
        return { ...doc, terms };
      }),
    });
    await expect(broken.courseTimelines()).rejects.toThrow(
      /document "timeline-ks3" \(courseTimeline\), field terms\[1\]\.units\[2\]\.date/,
    );
    await expect(broken.courseTimeline('ks3')).rejects.toThrow(/terms\[1\]\.units\[2\]\.date/);
  });

  describe('session packs', () => {
    const PACK_ID = 'pack-ten-session-pack';
    const packWith = (change: Record<string, unknown>) =>
      createContentLoader({
        source: 'seed',
        seedPath: seedWith((doc) => (doc._id === PACK_ID ? { ...doc, ...change } : doc)),
      }).packs();

    it.each([
      ['a price of nothing', { pricePence: 0 }, 'pricePence'],
      ['no sessions', { sessions: 0 }, 'sessions'],
      ['a validity over 36 months', { validityMonths: 37 }, 'validityMonths'],
      ['an id with capitals and spaces', { id: 'Ten sessions' }, 'id'],
      ['no "on sale" switch', { onSale: null }, 'onSale'],
    ])('names the pack and field of %s', async (_what, change, field) => {
      const error = await packWith(change).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ContentValidationError);
      expect((error as ContentValidationError).problems).toEqual([
        expect.objectContaining({ documentId: PACK_ID, documentType: 'pack', fieldPath: field }),
      ]);
      expect((error as Error).message).toMatch(
        new RegExp(`document "${PACK_ID}" \\(pack\\), field ${field}:`),
      );
    });

    it('lists a pack no longer on sale, and orders packs by sort order', async () => {
      const seedPath = seedWith((doc) => doc);
      const file = join(seedPath, 'production.ndjson');
      const oldPack = {
        _id: 'pack-five',
        _type: 'pack',
        id: 'five-session-pack',
        name: '5-session pack',
        sessions: 5,
        pricePence: 5500,
        validityMonths: 3,
        onSale: false,
        sortOrder: 5,
      };
      writeFileSync(file, `${readFileSync(file, 'utf8')}${JSON.stringify(oldPack)}\n`);
      const packs = await createContentLoader({ source: 'seed', seedPath }).packs();
      expect(packs.map((pack) => [pack.id, pack.onSale])).toEqual([
        ['five-session-pack', false],
        ['ten-session-pack', true],
      ]);
    });

    it('names the second pack that takes an id already used', async () => {
      const seedPath = seedWith((doc) => doc);
      const file = join(seedPath, 'production.ndjson');
      const twin = {
        _id: 'pack-twin',
        _type: 'pack',
        id: 'ten-session-pack',
        name: 'Another 10-session pack',
        sessions: 10,
        pricePence: 9000,
        validityMonths: 6,
        onSale: true,
        sortOrder: 20,
      };
      writeFileSync(file, `${readFileSync(file, 'utf8')}${JSON.stringify(twin)}\n`);
      await expect(createContentLoader({ source: 'seed', seedPath }).packs()).rejects.toThrow(
        /document "pack-twin" \(pack\), field id: Another pack already has the id "ten-session-pack"/,
      );
    });

    it('answers an empty list when there are no packs', async () => {
      const none = createContentLoader({
        source: 'seed',
        seedPath: seedWith((doc) => (doc._type === 'pack' ? null : doc)),
      });
      expect(await none.packs()).toEqual([]);
    });
  });

  describe('terms', () => {
    const TERM_ID = 'term-2027-spring';
    const termWith = (change: Record<string, unknown>) =>
      createContentLoader({
        source: 'seed',
        seedPath: seedWith((doc) => (doc._id === TERM_ID ? { ...doc, ...change } : doc)),
      }).terms();

    it.each([
      ['a last day before the first', { lastDay: '2027-01-03' }, 'lastDay'],
      ['priority enrolment after public', { priorityOpensOn: '2026-12-15' }, 'priorityOpensOn'],
      ['public enrolment after the first day', { publicOpensOn: '2027-01-05' }, 'publicOpensOn'],
      ['a date that is not one', { firstDay: '4 January 2027' }, 'firstDay'],
      ['a price in pounds and pence', { pricePencePerSession: 10.5 }, 'pricePencePerSession'],
      ['a negative price', { pricePencePerSession: -1000 }, 'pricePencePerSession'],
      ['no public opening day', { publicOpensOn: null }, 'publicOpensOn'],
      ['an empty name', { name: ' ' }, 'name'],
    ])('names the term and field of %s', async (_what, change, field) => {
      const error = await termWith(change).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ContentValidationError);
      expect((error as ContentValidationError).problems).toEqual([
        expect.objectContaining({ documentId: TERM_ID, documentType: 'term', fieldPath: field }),
      ]);
      expect((error as Error).message).toMatch(
        new RegExp(`document "${TERM_ID}" \\(term\\), field ${field}:`),
      );
    });

    it('takes a free term, and enrolment opening on the first day', async () => {
      const terms = await termWith({
        pricePencePerSession: 0,
        priorityOpensOn: '2027-01-04',
        publicOpensOn: '2027-01-04',
      });
      expect(terms.find((term) => term.id === TERM_ID)).toMatchObject({
        pricePencePerSession: 0,
        priorityOpensOn: '2027-01-04',
        publicOpensOn: '2027-01-04',
      });
    });

    it('answers an empty list when there are no terms', async () => {
      const none = createContentLoader({
        source: 'seed',
        seedPath: seedWith((doc) => (doc._type === 'term' ? null : doc)),
      });
      expect(await none.terms()).toEqual([]);
    });
  });

  it('names the FAQ item whose answer was emptied', async () => {
    const broken = createContentLoader({
      source: 'seed',
      seedPath: seedWith((doc) => (doc._id === 'faq-booking' ? { ...doc, answer: ' ' } : doc)),
    });
    await expect(broken.faq()).rejects.toThrow(/document "faq-booking" \(faqItem\), field answer/);
  });

  it('names the FAQ page when one of its questions was deleted', async () => {
    const broken = createContentLoader({
      source: 'seed',
      seedPath: seedWith((doc) => (doc._id === 'faq-booking' ? null : doc)),
    });
    await expect(broken.faq()).rejects.toThrow(/document "faqPage" \(faqPage\), field items\[1\]/);
  });

  it('rejects a bundle that costs more than its sessions bought singly', async () => {
    const broken = createContentLoader({
      source: 'seed',
      seedPath: seedWith((doc) =>
        doc._id === 'pricing' ? { ...doc, bundlePricePence: 20000 } : doc,
      ),
    });
    await expect(broken.pricing()).rejects.toThrow(/document "pricing".*field bundlePricePence/);
  });

  it('names the page and field of copy with an unknown placeholder', async () => {
    const broken = createContentLoader({
      source: 'seed',
      seedPath: seedWith((doc) =>
        doc._id === 'mathematicsPage'
          ? {
              ...doc,
              pricing: { ...(doc.pricing as object), bundleLabel: '{bundelSize}-session bundle' },
            }
          : doc,
      ),
    });
    await expect(broken.mathematicsPage()).rejects.toThrow(
      /document "mathematicsPage" \(mathematicsPage\), field pricing\.bundleLabel: Unknown placeholder \{bundelSize\}/,
    );
  });

  it('says the reviews heading has no claim to quote once the "family-count" kind is gone', async () => {
    const broken = createContentLoader({
      source: 'seed',
      seedPath: seedWith((doc) =>
        doc._id === 'siteSettings'
          ? {
              ...doc,
              claims: (doc.claims as { kind?: string }[]).map(({ kind: _kind, ...claim }) => claim),
            }
          : doc,
      ),
    });
    await expect(broken.reviewsPage()).rejects.toThrow(
      /document "reviewsPage".*field familyCount: .*no marketing claim.*"family-count"/,
    );
    expect((await broken.siteSettings()).claims.every((claim) => claim.kind === null)).toBe(true);
  });

  it('says which singleton is missing', async () => {
    const missing = createContentLoader({
      source: 'seed',
      seedPath: seedWith((doc) => (doc._id === 'siteSettings' ? null : doc)),
    });
    await expect(missing.siteSettings()).rejects.toThrow(ContentNotFoundError);
    await expect(missing.siteSettings()).rejects.toThrow(/site settings/);
  });

  it('names the line of a seed file that is not JSON', async () => {
    const seedPath = seedWith((doc) => doc);
    writeFileSync(join(seedPath, 'extra.ndjson'), '{"_id": "x", "_type": "review"}\n{oops\n');
    await expect(createContentLoader({ source: 'seed', seedPath }).reviews()).rejects.toThrow(
      /extra\.ndjson line 2 is not valid JSON/,
    );
  });
});

describe('content loader cache', () => {
  function editablePricingSeed() {
    if (seedConfig.source !== 'seed') throw new Error('expected the seed source');
    const dir = mkdtempSync(join(tmpdir(), 'content-cache-'));
    const file = join(dir, 'production.ndjson');
    copyFileSync(join(seedConfig.seedPath, 'production.ndjson'), file);
    const setSessionPrice = (pence: number) =>
      writeFileSync(
        file,
        readFileSync(file, 'utf8').replace(
          /"sessionPricePence":\d+/,
          `"sessionPricePence":${pence}`,
        ),
      );
    return { seedPath: dir, setSessionPrice };
  }

  it('serves a second call from memory until the TTL has passed', async () => {
    const { seedPath, setSessionPrice } = editablePricingSeed();
    let now = 1_000_000;
    const loader = createContentLoader(
      { source: 'seed', seedPath },
      { cacheTtlMs: 60_000, now: () => now },
    );
    expect((await loader.pricing()).sessionPricePence).toBe(1500);

    setSessionPrice(1600);
    now += 59_999;
    expect((await loader.pricing()).sessionPricePence).toBe(1500);

    now += 1;
    expect((await loader.pricing()).sessionPricePence).toBe(1600);
  });

  it('reads the source on every call without a TTL', async () => {
    const { seedPath, setSessionPrice } = editablePricingSeed();
    const loader = createContentLoader({ source: 'seed', seedPath });
    expect((await loader.pricing()).sessionPricePence).toBe(1500);
    setSessionPrice(1600);
    expect((await loader.pricing()).sessionPricePence).toBe(1600);
  });

  it('serves terms from memory until the TTL has passed', async () => {
    const seedPath = seedWith((doc) => doc);
    const file = join(seedPath, 'production.ndjson');
    let now = 1_000_000;
    const loader = createContentLoader(
      { source: 'seed', seedPath },
      { cacheTtlMs: 60_000, now: () => now },
    );
    expect((await loader.terms())[0]?.name).toBe('Autumn 2026');
    writeFileSync(file, readFileSync(file, 'utf8').replace('"Autumn 2026"', '"Michaelmas 2026"'));
    expect((await loader.terms())[0]?.name).toBe('Autumn 2026');
    now += 60_000;
    expect((await loader.terms())[0]?.name).toBe('Michaelmas 2026');
  });

  it('parses cached content once and shares it, frozen, until the TTL has passed', async () => {
    const { seedPath, setSessionPrice } = editablePricingSeed();
    let now = 1_000_000;
    const loader = createContentLoader(
      { source: 'seed', seedPath },
      { cacheTtlMs: 60_000, now: () => now },
    );
    const first = await loader.timetable();
    expect(await loader.timetable()).toBe(first);
    // In week order as before, and no caller can reorder or edit what the next one reads.
    expect(first[0]?.day).toBe('tue');
    expect(() => (first as unknown[]).push(first[0])).toThrow(TypeError);
    const pricing = await loader.pricing();
    expect(() => {
      (pricing as { sessionPricePence: number }).sessionPricePence = 1;
    }).toThrow(TypeError);
    setSessionPrice(1600);
    now += 60_000;
    expect((await loader.pricing()).sessionPricePence).toBe(1600);
    expect(await loader.timetable()).not.toBe(first);
  });

  it('caches each course timeline id separately', async () => {
    const loader = createContentLoader(seedConfig, { cacheTtlMs: 60_000 });
    expect((await loader.courseTimeline('sats'))?.id).toBe('sats');
    expect((await loader.courseTimeline('alevel'))?.id).toBe('alevel');
  });
});

describe('1-to-1 lessons in the pricing document (docs/decisions/104)', () => {
  const pricingWith = (fields: Record<string, unknown>) =>
    createContentLoader({
      source: 'seed',
      seedPath: seedWith((doc) => (doc._id === 'pricing' ? { ...doc, ...fields } : doc)),
    }).pricing();

  it('reads the lengths, courses and description editors set, each length once', async () => {
    const pricing = await pricingWith({
      oneToOneLengthsMinutes: [90, 30, 90],
      oneToOneServices: ['gcse'],
      oneToOneDescription: 'Just your child and a tutor.',
    });
    expect(pricing).toMatchObject({
      oneToOneLengthsMinutes: [30, 90],
      oneToOneServices: ['gcse'],
      oneToOneDescription: 'Just your child and a tutor.',
    });
  });

  it('refuses a lesson length other than 30, 45, 60 or 90 minutes', async () => {
    const error = await pricingWith({ oneToOneLengthsMinutes: [50] }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ContentValidationError);
    expect((error as Error).message).toMatch(/oneToOneLengthsMinutes/);
  });
});
