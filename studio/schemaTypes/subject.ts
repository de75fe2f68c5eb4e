import { SUBJECT_CODES } from '@tuition/domain';
import { defineField, defineType } from 'sanity';
import { HEX_COLOUR_PATTERN } from './field-patterns.ts';

/** A subject card on /services and in the booking flow's first step. */
export const subject = defineType({
  name: 'subject',
  title: 'Subject',
  type: 'document',
  fields: [
    defineField({
      name: 'id',
      title: 'Identifier',
      type: 'string',
      description: 'Used in links such as /services/mathematics. Do not change once published.',
      options: { list: [...SUBJECT_CODES] },
      validation: (rule) => rule.required(),
    }),
    defineField({ name: 'title', type: 'string', validation: (rule) => rule.required() }),
    defineField({
      name: 'description',
      type: 'text',
      rows: 3,
      validation: (rule) => rule.required().max(300),
    }),
    defineField({
      name: 'available',
      type: 'boolean',
      description: 'Off shows the subject as "Coming soon" and it cannot be booked.',
      initialValue: false,
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'colour',
      type: 'string',
      description: 'Accent colour of the card as a lower-case hex code, e.g. #2563eb.',
      validation: (rule) => rule.required().regex(HEX_COLOUR_PATTERN, { name: 'hex colour' }),
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
