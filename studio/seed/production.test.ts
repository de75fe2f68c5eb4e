import { type ValidationClient, validateDocument } from '@sanity/validation';
import { createSchema, type SanityDocument } from 'sanity';
import { describe, expect, it } from 'vitest';
import { SINGLETON_TYPES, schemaTypes } from '../schemaTypes/index.ts';
import { PACK_ID_TAKEN_QUERY } from '../schemaTypes/pack.ts';
import { readSeedDocuments, type SeedDocument } from './seed-documents.ts';

const schema = createSchema({ name: 'seed-test', types: schemaTypes });
const seed = readSeedDocuments();
const seedIds = new Set(seed.map((doc) => doc._id));
const ofType = (type: string) => seed.filter((doc) => doc._type === type);

/**
 * Custom validators only run when a client is given. The one that queries the Content Lake (is
 * a pack id taken?) is answered from the documents given, as is reference existence.
 */
function packIdsTaken(documents: readonly SeedDocument[], query: string, params: unknown) {
  if (query !== PACK_ID_TAKEN_QUERY) {
    return Promise.reject(new Error(`The seed test has no Content Lake to run ${query}`));
  }
  const { id, draftId, publishedId } = params as Record<string, string>;
  return Promise.resolve(
    documents.filter(
      (doc) =>
        doc._type === 'pack' && doc.id === id && doc._id !== draftId && doc._id !== publishedId,
    ).length,
  );
}

const offlineClientOver = (documents: readonly SeedDocument[]): ValidationClient => {
  const client: ValidationClient = {
    fetch: ((query: string, params: unknown) =>
      packIdsTaken(documents, query, params)) as ValidationClient['fetch'],
    getDataUrl: (operation, path) => `http://seed.invalid/${operation}/${path ?? ''}`,
    observable: {
      fetch: () => {
        throw new Error('The seed test has no Content Lake');
      },
      request: () => {
        throw new Error('The seed test has no Content Lake');
      },
    } as unknown as ValidationClient['observable'],
    withConfig: () => client,
  };
  return client;
};

async function problemsOf(
  doc: SeedDocument,
  knownIds: Set<string> = seedIds,
  documents: readonly SeedDocument[] = seed,
) {
  const result = await validateDocument({
    document: { _createdAt: '', _updatedAt: '', _rev: '', ...doc } as SanityDocument,
    schema,
    client: offlineClientOver(documents),
    getDocumentExists: async ({ id }) => knownIds.has(id),
  });
  return result.markers.map((marker) => ({
    path: marker.path
      .map((segment) => (typeof segment === 'object' ? JSON.stringify(segment) : segment))
      .join('.'),
    level: marker.level,
    message: marker.message,
  }));
}

describe('seed dataset', () => {
  it.each(seed.map((doc) => [doc._id, doc] as const))(
    '%s passes the studio schema validation',
    async (_id, doc) => {
      expect(await problemsOf(doc)).toEqual([]);
    },
  );

  it('reports a broken document with the failing fields', async () => {
    const slot = ofType('timetableSlot')[0]!;
    const problems = await problemsOf({
      ...slot,
      _id: 'broken-slot',
      startTime: '18:00',
      endTime: '17:00',
      service: 'gcse-hgher',
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'endTime', level: 'error' }),
        expect.objectContaining({ path: 'service', level: 'error' }),
      ]),
    );
  });

  it('reports a closure ending before it starts, and a VAT number that is not one', async () => {
    const closure = ofType('closure')[0]!;
    expect(
      await problemsOf({ ...closure, _id: 'broken-closure', from: '2027-01-03', to: '2026-12-21' }),
    ).toEqual([expect.objectContaining({ path: 'to', level: 'error' })]);
    const settings = ofType('siteSettings')[0]!;
    const business = { ...(settings.business as object), vatNumber: '123 456' };
    expect(await problemsOf({ ...settings, business })).toEqual([
      expect.objectContaining({ path: 'business.vatNumber', level: 'error' }),
    ]);
  });

  it('reports a pack with an id that is not slug-like, no price or too long a validity', async () => {
    const pack = ofType('pack')[0]!;
    const problems = await problemsOf({
      ...pack,
      id: 'Ten Sessions',
      pricePence: 0,
      validityMonths: 37,
      sessions: 1.5,
    });
    expect(problems.map((problem) => problem.path).sort()).toEqual([
      'id',
      'pricePence',
      'sessions',
      'validityMonths',
    ]);
  });

  it('reports a second pack with an id another pack has, but not the pack itself', async () => {
    const pack = ofType('pack')[0]!;
    const twin = { ...pack, _id: 'pack-twin', name: 'Another 10-session pack' };
    const withTwin = [...seed, twin];
    expect(await problemsOf(twin, seedIds, withTwin)).toEqual([
      { path: 'id', level: 'error', message: 'Another pack already has this id' },
    ]);
    // Editing the pack's own draft does not count the published pack as another.
    expect(await problemsOf({ ...pack, _id: `drafts.${pack._id}` })).toEqual([]);
  });

  it('reports a reference to a document that does not exist', async () => {
    const faqPage = ofType('faqPage')[0]!;
    const items = faqPage.items as { _key: string; _ref: string }[];
    const dangling = { ...items[0]!, _key: 'dangling', _ref: 'faq-deleted' };
    const problems = await problemsOf({ ...faqPage, items: [...items, dangling] });
    expect(problems).toEqual([
      expect.objectContaining({ path: 'items.{"_key":"dangling"}', level: 'error' }),
    ]);
  });

  it('holds every singleton once, under its fixed id', () => {
    for (const type of SINGLETON_TYPES) {
      expect(ofType(type).map((doc) => doc._id)).toEqual([type]);
    }
  });

  it('reports copy that uses a placeholder the field does not offer', async () => {
    const page = ofType('mathematicsPage')[0]!;
    const pricing = page.pricing as Record<string, string>;
    const problems = await problemsOf({
      ...page,
      pricing: { ...pricing, note: 'Book {bundelSize} sessions to save.' },
    });
    expect(problems).toEqual([
      {
        path: 'pricing.note',
        level: 'error',
        message: expect.stringMatching(/^Unknown placeholder \{bundelSize\}: use .*\{bundleSize\}/),
      },
    ]);
  });

  it('reports two marketing claims of the same kind', async () => {
    const settings = ofType('siteSettings')[0]!;
    const claims = settings.claims as { _key: string; kind: string }[];
    const problems = await problemsOf({
      ...settings,
      claims: [...claims, { ...claims[0]!, _key: 'second-family-count' }],
    });
    expect(problems).toEqual([expect.objectContaining({ path: 'claims', level: 'error' })]);
  });

  it('gives every document a unique _id and every array object a _key', () => {
    expect(seedIds.size).toBe(seed.length);
    const missingKeys: string[] = [];
    const visit = (value: unknown, path: string, inArray: boolean) => {
      if (Array.isArray(value)) {
        const keys = value
          .filter((item) => item !== null && typeof item === 'object')
          .map((item) => (item as { _key?: unknown })._key);
        if (new Set(keys).size !== keys.length) missingKeys.push(`${path} (duplicate _key)`);
        for (const [index, item] of value.entries()) visit(item, `${path}[${index}]`, true);
      } else if (value !== null && typeof value === 'object') {
        if (inArray && typeof (value as { _key?: unknown })._key !== 'string') {
          missingKeys.push(path);
        }
        for (const [field, child] of Object.entries(value)) visit(child, `${path}.${field}`, false);
      }
    };
    for (const doc of seed) visit(doc, doc._id, false);
    expect(missingKeys).toEqual([]);
  });
});

describe('seed timetable', () => {
  // docs/product-rules.md#time, weekly timetable, transcribed row by row (12-hour times, London).
  const spec = [
    ['tue', '5-6', 'GCSE Foundation'],
    ['tue', '6-7', 'KS3'],
    ['tue', '7-8', 'GCSE Higher'],
    ['wed', '5-6', 'SATs'],
    ['wed', '6-7', 'AS Level'],
    ['wed', '7-8', 'GCSE Higher'],
    ['thu', '5-6', 'KS3'],
    ['thu', '6-7', 'GCSE Foundation'],
    ['thu', '7-8', 'A-Level'],
    ['sat', '10-11am', 'SATs'],
    ['sat', '12-1', 'GCSE Foundation'],
    ['sat', '1-2', 'AS Level'],
    ['sun', '10-11am', 'A-Level'],
    ['sun', '12-1', 'GCSE Higher'],
    ['sun', '1-2', 'KS3'],
  ];
  const serviceOfClass: Record<string, string> = {
    SATs: 'sats',
    KS3: 'ks3',
    'GCSE Foundation': 'gcse',
    'GCSE Higher': 'gcse-higher',
    'AS Level': 'aslevel',
    'A-Level': 'alevel',
  };
  // Evening and afternoon hours in the spec are PM; "10-11am" says so itself.
  const to24h = (hour: string) => {
    const h = Number.parseInt(hour, 10);
    return `${String(h < 10 && !hour.endsWith('am') ? h + 12 : h === 12 ? 12 : h).padStart(2, '0')}:00`;
  };

  it('has exactly the 15 weekly slots of the spec', () => {
    const expected = spec.map(([day, band, label]) => {
      const [start, end] = band!.replace('am', '').split('-') as [string, string];
      return {
        day,
        startTime: to24h(start + (band!.endsWith('am') ? 'am' : '')),
        endTime: to24h(end + (band!.endsWith('am') ? 'am' : '')),
        label,
        service: serviceOfClass[label!],
      };
    });
    const actual = ofType('timetableSlot').map(({ day, startTime, endTime, label, service }) => ({
      day,
      startTime,
      endTime,
      label,
      service,
    }));
    expect(actual).toHaveLength(15);
    expect(actual).toEqual(expect.arrayContaining(expected));
  });
});

describe('seed FAQ', () => {
  it('lists 7 questions, each once, in the FAQ page order', () => {
    const items = ofType('faqItem');
    const order = (ofType('faqPage')[0]!.items as { _ref: string }[]).map((item) => item._ref);
    expect(items).toHaveLength(7);
    expect([...order].sort()).toEqual(items.map((item) => item._id).sort());
  });

  it('answers what the spec says the FAQ covers', () => {
    const answers = ofType('faqItem')
      .map((item) => `${item.question} ${item.answer}`)
      .join('\n');
    for (const fact of [
      /English and Science are coming soon/,
      /calendar.*several dates at once/,
      /Log in to open My Bookings/,
      /reschedule or cancel/,
      /reschedule.*free of charge/,
      /one-to-one online tuition.*e-mail or call us/i,
      /All of them/,
    ]) {
      expect(answers).toMatch(fact);
    }
  });
});

describe('seed content facts', () => {
  it('prices a session at £15, 10 for £100 and 1-to-1 at £50 an hour, groups of 1 to 10', () => {
    expect(ofType('pricing')[0]).toMatchObject({
      _id: 'pricing',
      sessionPricePence: 1500,
      bundleSize: 10,
      bundlePricePence: 10000,
      oneToOneHourlyPence: 5000,
      groupSizeMin: 1,
      groupSizeMax: 10,
    });
  });

  it('has a timeline for every service code, dated within the 2026/27 academic year', () => {
    const timelines = ofType('courseTimeline');
    expect(timelines.map((timeline) => timeline.id).sort()).toEqual(
      ['alevel', 'aslevel', 'gcse', 'gcse-higher', 'ks3', 'sats'].sort(),
    );
    for (const timeline of timelines) {
      const terms = timeline.terms as { term: string; units: { date: string }[] }[];
      expect(terms.map((term) => term.term)).toEqual(['Autumn', 'Spring', 'Summer']);
      for (const { date } of terms.flatMap((term) => term.units)) {
        expect(date >= '2026-09-01' && date <= '2027-08-31', `${timeline._id} ${date}`).toBe(true);
      }
    }
  });

  it('has at least 9 five-star reviews from both parents and students', () => {
    const reviews = ofType('review');
    expect(reviews.length).toBeGreaterThanOrEqual(9);
    expect(new Set(reviews.map((review) => review.rating))).toEqual(new Set([5]));
    expect(new Set(reviews.map((review) => review.role))).toEqual(new Set(['Parent', 'Student']));
  });

  it('has two founders', () => {
    expect(ofType('teacher').filter((teacher) => teacher.isFounder)).toHaveLength(2);
  });

  const legalText = (slug: string) =>
    JSON.stringify(seed.find((doc) => doc._id === `legal-${slug}`)?.sections ?? '');

  it('states the retention periods, response time and parental consent in the privacy policy', () => {
    const text = legalText('privacy-policy');
    // The periods the retention job applies are placeholders filled from the same settings
    // (packages/domain/src/retention.ts), never copied numbers.
    for (const name of [
      'bookingRecordRetention',
      'enquiryRetention',
      'unverifiedAccountRetention',
      'mailBodyRetention',
    ]) {
      expect(text).toContain(`{${name}}`);
    }
    expect(text).not.toMatch(/7 years|2 years|90 days/);
    expect(text).toMatch(/Analytics data: 26 months/);
    expect(text).toMatch(/Marketing data: 3 years/);
    expect(text).toMatch(/within 30 days/);
    expect(text).toMatch(/under 16.*consent of a parent or guardian/);
  });

  it('says in the privacy policy what tutors see and what happens to lesson notes', () => {
    // docs/decisions/079: a register line carries first name, year group and the mark only.
    const text = legalText('privacy-policy');
    expect(text).toMatch(/first name and year group, who attended, and the notes they write/);
    expect(text).toMatch(/never see a parent’s contact details or any payment/);
    expect(text).toMatch(/kept with your booking history/);
    expect(text).toMatch(/notes about your children are deleted with it/);
  });

  it('gives the parental consent statement a parent ticks for a child under 16, and requires it', async () => {
    const settings = ofType('siteSettings')[0]!;
    expect(settings.pupilConsentStatement).toMatch(/parent or guardian.*privacy policy.*under 16/);
    const { pupilConsentStatement: _, ...without } = settings;
    expect(await problemsOf(without as SeedDocument)).toEqual([
      expect.objectContaining({ path: 'pupilConsentStatement', level: 'error' }),
    ]);
  });

  it('states the group maximum and the session price of the pricing document in the terms', () => {
    const { groupSizeMax, sessionPricePence } = ofType('pricing')[0] as unknown as {
      groupSizeMax: number;
      sessionPricePence: number;
    };
    const text = legalText('terms-and-conditions');
    expect(text).toContain(`more than ${groupSizeMax} students`);
    expect(text).toContain(`£${sessionPricePence / 100} for about 60 minutes`);
  });
});

describe('seed terms', () => {
  interface SeedTerm {
    _id: string;
    name: string;
    firstDay: string;
    lastDay: string;
    priorityOpensOn: string;
    publicOpensOn: string;
    pricePencePerSession: number;
  }
  const terms = (ofType('term') as unknown as SeedTerm[]).toSorted((a, b) =>
    a.firstDay.localeCompare(b.firstDay),
  );
  const closures = ofType('closure').map((doc) => ({
    from: doc.from as string,
    to: (doc.to as string | undefined) ?? (doc.from as string),
  }));
  const isClosed = (date: string) => closures.some(({ from, to }) => from <= date && date <= to);
  const addDays = (date: string, days: number) => {
    const day = new Date(`${date}T12:00:00Z`);
    day.setUTCDate(day.getUTCDate() + days);
    return day.toISOString().slice(0, 10);
  };
  const daysBetween = (from: string, to: string) =>
    Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
  const isWeekend = (date: string) => [0, 6].includes(new Date(`${date}T12:00:00Z`).getUTCDay());
  const daysFrom = (from: string, to: string) => {
    const days: string[] = [];
    for (let date = from; date <= to; date = addDays(date, 1)) days.push(date);
    return days;
  };

  it('has the six terms of 2026/27 and 2027/28, autumn to summer, at £10 a session', () => {
    expect(terms.map((term) => term.name)).toEqual([
      'Autumn 2026',
      'Spring 2027',
      'Summer 2027',
      'Autumn 2027',
      'Spring 2028',
      'Summer 2028',
    ]);
    expect(new Set(terms.map((term) => term.pricePencePerSession))).toEqual(new Set([1000]));
  });

  it('opens priority enrolment five weeks before each term and public two weeks later', () => {
    for (const term of terms) {
      expect(daysBetween(term.priorityOpensOn, term.firstDay), term.name).toBe(35);
      expect(daysBetween(term.priorityOpensOn, term.publicOpensOn), term.name).toBe(14);
      expect(term.firstDay <= term.lastDay, term.name).toBe(true);
    }
  });

  it('starts and ends each term on an open weekday, after the term before it', () => {
    for (const [index, term] of terms.entries()) {
      for (const day of [term.firstDay, term.lastDay]) {
        expect(isWeekend(day) || isClosed(day), `${term.name} ${day}`).toBe(false);
      }
      const previous = terms[index - 1];
      if (previous) expect(previous.lastDay < term.firstDay, term.name).toBe(true);
    }
  });

  // A typical local-authority pattern (docs/decisions/081): Monday to Friday of each half term.
  const halfTerms = [
    ['2026-10-26', '2026-10-30'],
    ['2027-02-15', '2027-02-19'],
    ['2027-05-31', '2027-06-04'],
    ['2027-10-25', '2027-10-29'],
    ['2028-02-14', '2028-02-18'],
    ['2028-05-29', '2028-06-02'],
  ] as const;

  it('closes every half term, each inside its term', () => {
    for (const [from, to] of halfTerms) {
      expect(
        terms.some((term) => term.firstDay < from && to < term.lastDay),
        `${from} inside a term`,
      ).toBe(true);
      expect(daysFrom(from, to).filter((day) => !isClosed(day))).toEqual([]);
    }
  });

  it('closes the holidays between terms, from the first weekday after a term to the next', () => {
    // As the Christmas holiday 2026 does: the weekend straight after a term still has sessions.
    for (const [index, term] of terms.entries()) {
      const next = terms[index + 1];
      if (!next) continue;
      let from = addDays(term.lastDay, 1);
      while (isWeekend(from)) from = addDays(from, 1);
      const open = daysFrom(from, addDays(next.firstDay, -1)).filter((day) => !isClosed(day));
      expect(open, `between ${term.name} and ${next.name}`).toEqual([]);
    }
  });
});
