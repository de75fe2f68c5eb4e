import { defineArrayMember, defineField, defineType } from 'sanity';

/** A teacher profile; the founders appear on /about. */
export const teacher = defineType({
  name: 'teacher',
  title: 'Teacher',
  type: 'document',
  fields: [
    defineField({ name: 'name', type: 'string', validation: (rule) => rule.required() }),
    defineField({
      name: 'role',
      type: 'string',
      description: 'e.g. "Co-founder & Head of Mathematics"',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'isFounder',
      title: 'Founder',
      type: 'boolean',
      initialValue: false,
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'bio',
      type: 'text',
      rows: 5,
      validation: (rule) => rule.required().max(1200),
    }),
    defineField({
      name: 'qualifications',
      type: 'array',
      of: [defineArrayMember({ type: 'string' })],
      validation: (rule) => rule.required().min(1),
    }),
    defineField({
      name: 'initials',
      type: 'string',
      description: 'Shown in the avatar when there is no photo.',
      validation: (rule) => rule.required().min(1).max(3).uppercase(),
    }),
    defineField({
      name: 'photo',
      type: 'image',
      options: { hotspot: true },
      fields: [
        defineField({
          name: 'alt',
          title: 'Alternative text',
          type: 'string',
          validation: (rule) => rule.required(),
        }),
      ],
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
  preview: { select: { title: 'name', subtitle: 'role', media: 'photo' } },
});
