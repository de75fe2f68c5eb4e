import { formatPounds } from '@tuition/domain';
import { defineField, defineType, type ValidationContext } from 'sanity';
import { SLUG_ID_PATTERN } from './field-patterns.ts';

/**
 * Packs (drafts too) with this id other than the one being edited, as its draft or published copy.
 * Exported so the seed test's offline client can answer it from the seed.
 */
export const PACK_ID_TAKEN_QUERY =
  'count(*[_type == "pack" && id == $id && !(_id in [$draftId, $publishedId])])';

async function packIdIsFree(id: unknown, context: ValidationContext) {
  if (typeof id !== 'string' || !SLUG_ID_PATTERN.test(id)) return true;
  const publishedId = (context.document?._id ?? '').replace(/^drafts\./, '');
  // Any dated API version answers a count; this is the one the content package reads with.
  const taken = await context
    .getClient({ apiVersion: '2025-02-19' })
    .fetch<number>(PACK_ID_TAKEN_QUERY, { id, draftId: `drafts.${publishedId}`, publishedId });
  return taken === 0 ? true : 'Another pack already has this id';
}

/**
 * A session pack families buy up front (docs/decisions/077): its sessions become credit any
 * pupil of the account may spend until it lapses. The booking service sells the packs on sale
 * and prices them from here; a pack bought keeps the sessions, price and validity it was sold
 * with, so editing one changes only later sales.
 */
export const pack = defineType({
  name: 'pack',
  title: 'Session pack',
  type: 'document',
  fields: [
    defineField({
      name: 'id',
      title: 'Pack id',
      type: 'string',
      description:
        'Lower-case letters, digits and hyphens, e.g. "ten-session-pack". Purchases are recorded ' +
        'under it, so do not change it once the pack has been sold: make a new pack instead.',
      validation: (rule) =>
        rule
          .required()
          .max(100)
          .regex(SLUG_ID_PATTERN, { name: 'lower-case letters, digits and hyphens' })
          .custom(packIdIsFree),
    }),
    defineField({
      name: 'name',
      type: 'string',
      description: 'Shown to customers, e.g. "10-session pack".',
      validation: (rule) => rule.required().max(60),
    }),
    defineField({
      name: 'sessions',
      title: 'Sessions of credit',
      type: 'number',
      description: 'How many group sessions the pack pays for.',
      validation: (rule) => rule.required().integer().min(1),
    }),
    defineField({
      name: 'pricePence',
      title: 'Price',
      type: 'number',
      description: 'Price of the whole pack. In pence: 10000 means £100.00.',
      // Sanity's positive() lets 0 through; a pack is never free.
      validation: (rule) => rule.required().integer().min(1),
    }),
    defineField({
      name: 'validityMonths',
      title: 'Valid for (months)',
      type: 'number',
      description: 'Credit left this many months after the purchase lapses.',
      validation: (rule) => rule.required().integer().min(1).max(36),
    }),
    defineField({
      name: 'onSale',
      title: 'On sale',
      type: 'boolean',
      description:
        'Switch off to stop selling the pack; credit already bought stays valid until it lapses.',
      initialValue: true,
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'sortOrder',
      title: 'Sort order',
      type: 'number',
      description: 'Smaller numbers come first.',
      validation: (rule) => rule.required().integer(),
    }),
  ],
  orderings: [
    { title: 'Sort order', name: 'sortOrder', by: [{ field: 'sortOrder', direction: 'asc' }] },
  ],
  preview: {
    select: { name: 'name', onSale: 'onSale', sessions: 'sessions', pricePence: 'pricePence' },
    prepare: ({ name, onSale, sessions, pricePence }) => ({
      title: name,
      subtitle: [
        `${sessions} sessions`,
        Number.isSafeInteger(pricePence) ? formatPounds(pricePence) : null,
        onSale === false ? 'not on sale' : null,
      ]
        .filter(Boolean)
        .join(' · '),
    }),
  },
});
