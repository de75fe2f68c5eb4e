import { defineField, defineType } from 'sanity';

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
      'Shown on the site; not bookable.',
    ),
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
