import { defineField, defineType } from 'sanity';

/** One question of the FAQ accordion; the order lives in the FAQ page singleton. */
export const faqItem = defineType({
  name: 'faqItem',
  title: 'FAQ item',
  type: 'document',
  fields: [
    defineField({
      name: 'question',
      type: 'string',
      validation: (rule) => rule.required().max(140),
    }),
    defineField({
      name: 'answer',
      type: 'text',
      rows: 5,
      description: 'Plain text.',
      validation: (rule) => rule.required().max(800),
    }),
  ],
  preview: { select: { title: 'question' } },
});
