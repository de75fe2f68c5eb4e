import type { ServiceCode } from '@tuition/domain';
import { defineArrayMember, defineField, defineType } from 'sanity';

/** Service codes that have their own course card (GCSE Higher shares the GCSE card). */
export const COURSE_IDS = [
  'sats',
  'ks3',
  'gcse',
  'alevel',
  'aslevel',
] as const satisfies readonly ServiceCode[];

/** A course card on /services/mathematics. */
export const course = defineType({
  name: 'course',
  title: 'Course',
  type: 'document',
  fields: [
    defineField({
      name: 'id',
      title: 'Service code',
      type: 'string',
      description: 'Links the card to /booking?service=… and /course-timeline/…',
      options: { list: [...COURSE_IDS] },
      validation: (rule) => rule.required(),
    }),
    defineField({ name: 'title', type: 'string', validation: (rule) => rule.required() }),
    defineField({
      name: 'subject',
      type: 'reference',
      to: [{ type: 'subject' }],
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'summary',
      type: 'text',
      rows: 3,
      validation: (rule) => rule.required().max(300),
    }),
    defineField({
      name: 'details',
      type: 'array',
      description: 'Bullet points on the card.',
      of: [defineArrayMember({ type: 'string' })],
      validation: (rule) => rule.required().min(1).max(8),
    }),
    defineField({
      name: 'years',
      title: 'Year suitability',
      type: 'string',
      description: 'As shown on the card, e.g. "Year 6" or "Years 7-8".',
      validation: (rule) =>
        rule.required().regex(/^Years? \d{1,2}(?:-\d{1,2})?$/, { name: 'Year N or Years N-M' }),
    }),
    defineField({
      name: 'sortOrder',
      title: 'Sort order',
      type: 'number',
      description: 'Smaller numbers come first.',
      validation: (rule) => rule.required().integer(),
    }),
  ],
  orderings: [
    { title: 'Sort order', name: 'sortOrder', by: [{ field: 'sortOrder', direction: 'asc' }] },
  ],
  preview: { select: { title: 'title', subtitle: 'id' } },
});
