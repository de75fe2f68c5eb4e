import { defineType } from 'sanity';
import {
  COURSE_TIMELINE_PLACEHOLDERS,
  copyTemplateField,
  eyebrowField,
  metaDescriptionField,
} from './copy-fields.ts';

/**
 * Singleton: the copy every /course-timeline/{id} page shares around its own timeline. The
 * placeholders are that page's timeline: its title, academic year and counts.
 */
export const courseTimelinePage = defineType({
  name: 'courseTimelinePage',
  title: 'Course timeline pages',
  type: 'document',
  fields: [
    metaDescriptionField(COURSE_TIMELINE_PLACEHOLDERS),
    eyebrowField('Course timeline'),
    copyTemplateField('lead', COURSE_TIMELINE_PLACEHOLDERS, {
      description: 'The sentence under the course title.',
      rows: 2,
      max: 240,
    }),
  ],
  preview: { prepare: () => ({ title: 'Course timeline pages' }) },
});
