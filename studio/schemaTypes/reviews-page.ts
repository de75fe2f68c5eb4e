import { defineType } from 'sanity';
import {
  copyField,
  copyTemplateField,
  eyebrowField,
  metaDescriptionField,
  REVIEWS_PLACEHOLDERS,
} from './copy-fields.ts';

/** Singleton: the copy of /reviews above the grid of every review. */
export const reviewsPage = defineType({
  name: 'reviewsPage',
  title: 'Reviews page',
  type: 'document',
  fields: [
    copyField('title', {
      description: 'The page\'s name in the browser tab and search results, e.g. "Reviews".',
      max: 60,
    }),
    metaDescriptionField(REVIEWS_PLACEHOLDERS),
    eyebrowField('Reviews'),
    copyTemplateField('heading', REVIEWS_PLACEHOLDERS, {
      description:
        '{familyCount} is the value of the "How many families trust us" claim in Site settings, e.g. "{familyCount} Happy Parents and Students".',
      max: 80,
    }),
    copyField('lead', { description: 'The sentence under the heading.', rows: 2, max: 200 }),
  ],
  preview: { prepare: () => ({ title: 'Reviews page' }) },
});
