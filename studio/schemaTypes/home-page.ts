import { defineArrayMember, defineField, defineType } from 'sanity';
import { copyField, copyTemplateField, PRICING_PLACEHOLDERS } from './copy-fields.ts';

export const LEARNING_STYLE_KINDS = ['group', 'in-person', 'one-to-one'] as const;
export const LEARNING_STYLE_STATUSES = ['available', 'coming-soon'] as const;

const requiredString = (name: string, title?: string, description?: string) =>
  copyField(name, { title, description });

/** Singleton: the copy of the home page sections. Prices and claims come from elsewhere. */
export const homePage = defineType({
  name: 'homePage',
  title: 'Home page',
  type: 'document',
  fields: [
    defineField({
      name: 'hero',
      type: 'object',
      fields: [
        requiredString('heading'),
        defineField({
          name: 'subheading',
          type: 'text',
          rows: 3,
          validation: (rule) => rule.required(),
        }),
        requiredString('getStartedLabel', 'Button when signed out', 'Opens the sign-in dialog.'),
        requiredString('bookNowLabel', 'Button when signed in', 'Goes to /booking.'),
        requiredString('viewServicesLabel', 'Link to /services'),
      ],
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'teachingStyle',
      title: 'Teaching style',
      type: 'object',
      fields: [
        requiredString('heading'),
        defineField({
          name: 'intro',
          type: 'text',
          rows: 3,
          validation: (rule) => rule.required(),
        }),
        defineField({
          name: 'points',
          type: 'array',
          of: [
            defineArrayMember({
              type: 'object',
              name: 'teachingPoint',
              fields: [
                requiredString('title'),
                defineField({
                  name: 'description',
                  type: 'text',
                  rows: 2,
                  validation: (rule) => rule.required(),
                }),
              ],
            }),
          ],
          validation: (rule) => rule.required().min(1).max(6),
        }),
      ],
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'pricePanel',
      title: 'Price panel',
      type: 'object',
      description:
        'The white box beside the hero: group-session price, offer, group size and opening hours (from Site settings).',
      fields: [
        copyField('title', { description: 'Small heading, e.g. "Group sessions".', max: 40 }),
        copyField('priceUnit', {
          title: 'Price unit',
          description: 'Under the session price, e.g. "per 1-hour session".',
          max: 40,
        }),
        copyTemplateField('offer', PRICING_PLACEHOLDERS, {
          description: 'The highlighted offer, e.g. "{bundleSize} sessions for {bundlePrice}".',
          max: 80,
        }),
        copyTemplateField('groupSize', PRICING_PLACEHOLDERS, {
          title: 'Group size',
          description: 'e.g. "Groups of {groupSizeMin} to {groupSizeMax} students".',
          max: 80,
        }),
      ],
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'learningStylesSection',
      title: 'Learning-styles section',
      type: 'object',
      description: 'Heading and subtext above the three learning-style cards.',
      fields: [requiredString('heading'), requiredString('subtext')],
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'learningStyles',
      title: 'Learning-style cards',
      type: 'array',
      of: [
        defineArrayMember({
          type: 'object',
          name: 'learningStyle',
          fields: [
            defineField({
              name: 'kind',
              type: 'string',
              description: 'Decides the buttons: group → Book Now; one-to-one → e-mail and call.',
              options: { list: [...LEARNING_STYLE_KINDS] },
              validation: (rule) => rule.required(),
            }),
            requiredString('title'),
            defineField({
              name: 'description',
              type: 'text',
              rows: 3,
              validation: (rule) => rule.required(),
            }),
            defineField({
              name: 'status',
              type: 'string',
              options: { list: [...LEARNING_STYLE_STATUSES], layout: 'radio' },
              validation: (rule) => rule.required(),
            }),
            defineField({
              name: 'features',
              type: 'array',
              of: [defineArrayMember({ type: 'string' })],
            }),
            defineField({
              name: 'priceUnit',
              title: 'Price unit',
              type: 'string',
              description:
                'Group and 1-to-1 cards show their price from Pricing followed by this, e.g. "per session". Leave empty on other cards.',
              validation: (rule) => rule.max(40),
            }),
          ],
          preview: { select: { title: 'title', subtitle: 'status' } },
        }),
      ],
      validation: (rule) => rule.required().length(3),
    }),
    defineField({
      name: 'subjectsSection',
      title: 'Subjects section',
      type: 'object',
      fields: [requiredString('heading'), requiredString('subtext')],
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'reviewsSection',
      title: 'Reviews section',
      type: 'object',
      fields: [requiredString('heading'), requiredString('subtext')],
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'ctas',
      title: 'Closing calls to action',
      type: 'object',
      fields: [
        requiredString('heading'),
        requiredString('text'),
        requiredString('contactLabel', 'Contact button'),
        requiredString('bookLabel', 'Booking button'),
      ],
      validation: (rule) => rule.required(),
    }),
  ],
  preview: { prepare: () => ({ title: 'Home page' }) },
});
