import { type ValidationClient, validateDocument } from '@sanity/validation';
import { createSchema, type SanityDocument } from 'sanity';
import { describe, expect, it } from 'vitest';
import { schemaTypes } from './index.ts';
import { term } from './term.ts';

const schema = createSchema({ name: 'term-test', types: schemaTypes });

// Custom validators only run when a client is given; the term's never query with it.
const noContentLake = {
  fetch: () => Promise.reject(new Error('The term test has no Content Lake')),
  withConfig: () => noContentLake,
} as unknown as ValidationClient;

const spring2027 = {
  _id: 'term-test',
  _type: 'term',
  name: 'Spring 2027',
  firstDay: '2027-01-04',
  lastDay: '2027-03-25',
  priorityOpensOn: '2026-11-30',
  publicOpensOn: '2026-12-14',
  pricePencePerSession: 1000,
};

/** The fields the Studio marks as errors for a term with these changes. */
async function fieldsInError(change: Record<string, unknown> = {}) {
  const document = { _createdAt: '', _updatedAt: '', _rev: '', ...spring2027, ...change };
  const result = await validateDocument({
    document: document as SanityDocument,
    schema,
    client: noContentLake,
    getDocumentExists: async () => true,
  });
  return result.markers
    .filter((marker) => marker.level === 'error')
    .map((marker) => ({ field: marker.path.join('.'), message: marker.message }));
}

describe('term validation in the Studio', () => {
  it('accepts a term whose dates run priority, public, first day, last day', async () => {
    expect(await fieldsInError()).toEqual([]);
  });

  it('accepts the dates on the same day, and a free term', async () => {
    const sameDay = {
      priorityOpensOn: '2027-01-04',
      publicOpensOn: '2027-01-04',
      lastDay: '2027-01-04',
      pricePencePerSession: 0,
    };
    expect(await fieldsInError(sameDay)).toEqual([]);
  });

  it('requires every date, the name and the price', async () => {
    const unset = Object.fromEntries(
      [
        'name',
        'firstDay',
        'lastDay',
        'priorityOpensOn',
        'publicOpensOn',
        'pricePencePerSession',
      ].map((field) => [field, undefined]),
    );
    // Sanity's integer and minimum rules report an unset number too, hence the set.
    const fields = new Set((await fieldsInError(unset)).map((problem) => problem.field));
    expect([...fields].sort()).toEqual([
      'firstDay',
      'lastDay',
      'name',
      'pricePencePerSession',
      'priorityOpensOn',
      'publicOpensOn',
    ]);
  });

  it('refuses a last day before the first day', async () => {
    expect(await fieldsInError({ lastDay: '2027-01-03' })).toEqual([
      { field: 'lastDay', message: 'Must not be before the first day' },
    ]);
  });

  it('refuses priority enrolment opening after public enrolment', async () => {
    expect(await fieldsInError({ priorityOpensOn: '2026-12-15' })).toEqual([
      { field: 'priorityOpensOn', message: 'Must not be after public enrolment opens' },
    ]);
  });

  it('refuses public enrolment opening after the first day', async () => {
    expect(await fieldsInError({ publicOpensOn: '2027-01-05' })).toEqual([
      { field: 'publicOpensOn', message: 'Must not be after the first day' },
    ]);
  });

  it.each([
    ['in pounds and pence', 10.5],
    ['below nothing', -1],
  ])('refuses a price %s', async (_what, pricePencePerSession) => {
    expect(await fieldsInError({ pricePencePerSession })).toEqual([
      expect.objectContaining({ field: 'pricePencePerSession' }),
    ]);
  });
});

describe('term preview', () => {
  const prepare = term.preview?.prepare as (selection: Record<string, unknown>) => {
    title?: string;
    subtitle?: string;
  };

  it('shows the name, the dates and the price a session', () => {
    expect(prepare(spring2027)).toEqual({
      title: 'Spring 2027',
      subtitle: '2027-01-04 – 2027-03-25 · £10.00 a session',
    });
  });

  it('shows what is set of a term being written', () => {
    expect(prepare({ name: 'Summer 2027', firstDay: '2027-04-12' })).toEqual({
      title: 'Summer 2027',
      subtitle: '2027-04-12',
    });
  });
});
