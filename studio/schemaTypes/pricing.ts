import { ONE_TO_ONE_LENGTHS, SERVICE_CODES, SERVICES } from '@tuition/domain';
import { defineArrayMember, defineField, defineType } from 'sanity';

const penceField = (name: string, title: string, description: string) =>
  defineField({
    name,
    title,
    type: 'number',
    description: `${description} In pence: 1500 means £15.00.`,
    validation: (rule) => rule.required().integer().positive(),
  });

/**
 * Singleton: the prices the booking service charges and the site displays. The service
 * prices every basket from these numbers, so they are the only place a price lives.
 */
export const pricing = defineType({
  name: 'pricing',
  title: 'Pricing',
  type: 'document',
  fields: [
    penceField('sessionPricePence', 'Group session price', 'One one-hour group session.'),
    defineField({
      name: 'bundleSize',
      title: 'Bundle size',
      type: 'number',
      description: 'Sessions in one discounted block, e.g. 10.',
      validation: (rule) => rule.required().integer().min(2).max(50),
    }),
    defineField({
      name: 'bundlePricePence',
      title: 'Bundle price',
      type: 'number',
      description: 'Price of one full block of sessions. In pence: 10000 means £100.00.',
      validation: (rule) =>
        rule
          .required()
          .integer()
          .positive()
          .custom((bundlePrice, context) => {
            const { sessionPricePence, bundleSize } = (context.document ?? {}) as {
              sessionPricePence?: unknown;
              bundleSize?: unknown;
            };
            if (
              typeof bundlePrice !== 'number' ||
              typeof sessionPricePence !== 'number' ||
              typeof bundleSize !== 'number'
            ) {
              return true;
            }
            // A bundle that costs as much as single sessions would be no offer at all.
            return bundlePrice < sessionPricePence * bundleSize
              ? true
              : 'Must be less than the bundle size times the session price';
          }),
    }),
    penceField(
      'oneToOneHourlyPence',
      '1-to-1 online hourly rate',
      'The price of an hour booked on the site; shorter and longer lessons are priced pro rata.',
    ),
    defineField({
      name: 'oneToOneLengthsMinutes',
      title: '1-to-1 lesson lengths offered',
      type: 'array',
      description: 'Minutes; families choose one when booking. An hour when none is ticked.',
      of: [defineArrayMember({ type: 'number' })],
      options: {
        list: ONE_TO_ONE_LENGTHS.map((minutes) => ({
          value: minutes,
          title: `${minutes} minutes`,
        })),
      },
      validation: (rule) => rule.unique(),
    }),
    defineField({
      name: 'oneToOneServices',
      title: 'Courses 1-to-1 lessons are offered for',
      type: 'array',
      description:
        'Every course when none is ticked. Each tutor also needs the course set by an admin.',
      // The list on the member too, so the generated type is the course codes, not any string.
      of: [
        defineArrayMember({
          type: 'string',
          options: {
            list: SERVICE_CODES.map((code) => ({ value: code, title: SERVICES[code].label })),
          },
        }),
      ],
      options: {
        list: SERVICE_CODES.map((code) => ({ value: code, title: SERVICES[code].label })),
      },
      validation: (rule) => rule.unique(),
    }),
    defineField({
      name: 'oneToOneDescription',
      title: '1-to-1 lessons, in a sentence or two',
      type: 'text',
      rows: 3,
      description: 'Shown where 1-to-1 lessons are booked. A short default is used when empty.',
      validation: (rule) => rule.max(400),
    }),
    defineField({
      name: 'oneToOneRecordingCompulsory',
      title: 'Always record 1-to-1 lessons',
      type: 'boolean',
      description:
        'When ticked, every 1-to-1 lesson is recorded and families cannot opt out by saying an adult will be nearby. Recording still needs the family’s consent, so a child without it cannot be booked.',
      initialValue: false,
    }),
    defineField({
      name: 'groupSizeMin',
      title: 'Smallest group',
      type: 'number',
      validation: (rule) => rule.required().integer().min(1),
    }),
    defineField({
      name: 'groupSizeMax',
      title: 'Largest group (session capacity)',
      type: 'number',
      validation: (rule) =>
        rule
          .required()
          .integer()
          .min(1)
          .max(30)
          .custom((max, context) => {
            const min = (context.document as { groupSizeMin?: unknown } | undefined)?.groupSizeMin;
            return typeof max === 'number' && typeof min === 'number' && max < min
              ? 'Must not be smaller than the smallest group'
              : true;
          }),
    }),
  ],
  preview: { prepare: () => ({ title: 'Pricing' }) },
});
