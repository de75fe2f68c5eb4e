import { defineField, defineType } from 'sanity';
import { copyField, eyebrowField } from './copy-fields.ts';

/** Singleton: the copy of /about around the founder profiles. */
export const aboutPage = defineType({
  name: 'aboutPage',
  title: 'About page',
  type: 'document',
  fields: [
    defineField({ name: 'title', type: 'string', validation: (rule) => rule.required() }),
    defineField({
      name: 'description',
      title: 'Meta description',
      type: 'text',
      rows: 2,
      validation: (rule) => rule.required().min(50).max(160),
    }),
    eyebrowField('About'),
    defineField({
      name: 'intro',
      type: 'text',
      rows: 4,
      validation: (rule) => rule.required(),
    }),
    copyField('foundersHeading', {
      title: 'Founders heading',
      description: 'Above the founder profiles, e.g. "Meet the founders".',
      max: 60,
    }),
    copyField('qualificationsHeading', {
      title: 'Qualifications heading',
      description: 'Above each founder\'s list of qualifications, e.g. "Qualifications".',
      max: 40,
    }),
    defineField({
      name: 'philosophy',
      type: 'object',
      fields: [
        defineField({ name: 'heading', type: 'string', validation: (rule) => rule.required() }),
        defineField({
          name: 'body',
          type: 'text',
          rows: 6,
          description: 'Separate paragraphs with a blank line.',
          validation: (rule) => rule.required(),
        }),
      ],
      validation: (rule) => rule.required(),
    }),
  ],
  preview: { prepare: () => ({ title: 'About page' }) },
});
