import { defineField, defineType } from 'sanity';
import { copyField, copyTemplateField, eyebrowField, PRICING_PLACEHOLDERS } from './copy-fields.ts';

/**
 * Singleton: the copy of /services/mathematics. The heading and description are the
 * Mathematics subject's, the cards are the courses and the table is the timetable; this holds
 * the words around them, including the pricing box (whose figures come from Pricing).
 */
export const mathematicsPage = defineType({
  name: 'mathematicsPage',
  title: 'Mathematics page',
  type: 'document',
  fields: [
    copyField('title', {
      description:
        'The page\'s name in the browser tab and search results, e.g. "Maths Courses". The heading on the page is the subject\'s title.',
      max: 60,
    }),
    eyebrowField('Services'),
    copyField('tierDialogText', {
      title: 'GCSE tier dialog text',
      description:
        'Under "Which tier are you?" in the dialog GCSE\'s Learn More opens, above the Higher and Foundation buttons.',
      rows: 2,
      max: 200,
    }),
    defineField({
      name: 'pricing',
      title: 'Pricing box',
      type: 'object',
      description: 'The box at the bottom of the page. Prices and sizes come from Pricing.',
      fields: [
        copyField('heading', { description: 'e.g. "Pricing".', max: 40 }),
        copyTemplateField('lead', PRICING_PLACEHOLDERS, {
          description: 'The sentence under the heading.',
          rows: 2,
          max: 200,
        }),
        copyTemplateField('sessionLabel', PRICING_PLACEHOLDERS, {
          title: 'Single session label',
          description: 'e.g. "Single group session".',
          max: 60,
        }),
        copyField('sessionPriceUnit', {
          title: 'Single session price unit',
          description: 'After the session price, e.g. "per hour".',
          max: 30,
        }),
        copyTemplateField('bundleLabel', PRICING_PLACEHOLDERS, {
          title: 'Bundle label',
          description: 'e.g. "{bundleSize}-session bundle".',
          max: 60,
        }),
        copyTemplateField('bundleSaving', PRICING_PLACEHOLDERS, {
          title: 'Bundle saving badge',
          description: 'Beside the bundle price, e.g. "Save {bundleSaving}".',
          max: 30,
        }),
        copyTemplateField('oneToOneLabel', PRICING_PLACEHOLDERS, {
          title: '1-to-1 label',
          description: 'e.g. "1-to-1 online tuition".',
          max: 60,
        }),
        copyField('oneToOnePriceUnit', {
          title: '1-to-1 price unit',
          description: 'After the hourly rate, e.g. "per hour".',
          max: 30,
        }),
        copyField('oneToOneLinkLabel', {
          title: '1-to-1 contact link',
          description: 'A link to /contact under the hourly rate, e.g. "Contact us to arrange".',
          max: 60,
        }),
        copyTemplateField('note', PRICING_PLACEHOLDERS, {
          description: 'Small print under the prices.',
          rows: 2,
          max: 200,
        }),
      ],
      validation: (rule) => rule.required(),
    }),
  ],
  preview: { prepare: () => ({ title: 'Mathematics page' }) },
});
