import { defineArrayMember, defineField, defineType } from 'sanity';

/** Singleton: the FAQ block's heading and the editor-defined order of its questions. */
export const faqPage = defineType({
  name: 'faqPage',
  title: 'FAQ',
  type: 'document',
  fields: [
    defineField({ name: 'heading', type: 'string', validation: (rule) => rule.required() }),
    defineField({ name: 'subtext', type: 'string', validation: (rule) => rule.required() }),
    defineField({
      name: 'items',
      title: 'Questions (in display order)',
      type: 'array',
      of: [defineArrayMember({ type: 'reference', to: [{ type: 'faqItem' }] })],
      validation: (rule) => rule.required().min(1).unique(),
    }),
  ],
  preview: { prepare: () => ({ title: 'FAQ' }) },
});
