import { defineField, defineType } from 'sanity';

export const REVIEW_ROLES = ['Parent', 'Student'] as const;

/** A testimonial shown in the home carousel and on /reviews. */
export const review = defineType({
  name: 'review',
  title: 'Review',
  type: 'document',
  fields: [
    defineField({
      name: 'rating',
      type: 'number',
      description: 'Stars out of 5.',
      initialValue: 5,
      validation: (rule) => rule.required().integer().min(1).max(5),
    }),
    defineField({
      name: 'text',
      type: 'text',
      rows: 4,
      validation: (rule) => rule.required().min(20).max(600),
    }),
    defineField({
      name: 'name',
      type: 'string',
      description: 'As the reviewer agreed to be named, e.g. "Sarah T."',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'role',
      type: 'string',
      options: { list: [...REVIEW_ROLES], layout: 'radio' },
      validation: (rule) => rule.required(),
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
  preview: { select: { title: 'name', subtitle: 'role' } },
});
