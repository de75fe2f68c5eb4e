import { SERVICE_CODES } from '@tuition/domain';
import { defineArrayMember, defineField, defineType } from 'sanity';

export const TERMS = ['Autumn', 'Spring', 'Summer'] as const;

/** The unit-by-unit plan shown on /course-timeline/{id}. */
export const courseTimeline = defineType({
  name: 'courseTimeline',
  title: 'Course timeline',
  type: 'document',
  fields: [
    defineField({
      name: 'id',
      title: 'Service code',
      type: 'string',
      description: 'The page lives at /course-timeline/{service code}.',
      options: { list: [...SERVICE_CODES] },
      validation: (rule) => rule.required(),
    }),
    defineField({ name: 'title', type: 'string', validation: (rule) => rule.required() }),
    defineField({
      name: 'academicYear',
      title: 'Academic year',
      type: 'string',
      description: 'e.g. 2026/27',
      validation: (rule) => rule.required().regex(/^\d{4}\/\d{2}$/, { name: 'YYYY/YY' }),
    }),
    defineField({
      name: 'terms',
      type: 'array',
      of: [
        defineArrayMember({
          type: 'object',
          name: 'timelineTerm',
          fields: [
            defineField({
              name: 'term',
              type: 'string',
              options: { list: [...TERMS] },
              validation: (rule) => rule.required(),
            }),
            defineField({
              name: 'units',
              type: 'array',
              of: [
                defineArrayMember({
                  type: 'object',
                  name: 'timelineUnit',
                  fields: [
                    defineField({
                      name: 'unit',
                      type: 'string',
                      validation: (rule) => rule.required(),
                    }),
                    defineField({
                      name: 'date',
                      title: 'Starts on',
                      type: 'date',
                      validation: (rule) => rule.required(),
                    }),
                    defineField({
                      name: 'timeFrame',
                      title: 'Time frame',
                      type: 'string',
                      description: 'e.g. "3 weeks"',
                      validation: (rule) => rule.required(),
                    }),
                  ],
                  preview: { select: { title: 'unit', subtitle: 'date' } },
                }),
              ],
              validation: (rule) => rule.required().min(1),
            }),
          ],
          preview: { select: { title: 'term' } },
        }),
      ],
      validation: (rule) => rule.required().min(1).max(3),
    }),
  ],
  preview: { select: { title: 'title', subtitle: 'id' } },
});
