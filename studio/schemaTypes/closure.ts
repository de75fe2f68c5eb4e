import { defineField, defineType } from 'sanity';

/**
 * Days the school is closed: a holiday, a bank holiday, a half term. No session is offered
 * on them; the booking calendar and the course timelines show the reason, e.g. "Closed —
 * Christmas holiday". Closing a day does not cancel bookings already made on it: the admin
 * dashboard flags those sessions so staff can contact the families.
 */
export const closure = defineType({
  name: 'closure',
  title: 'Closure',
  type: 'document',
  fields: [
    defineField({
      name: 'reason',
      type: 'string',
      description: 'Shown to customers after "Closed —", e.g. "Christmas holiday".',
      validation: (rule) => rule.required().max(60),
    }),
    defineField({
      name: 'from',
      title: 'First closed day',
      type: 'date',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'to',
      title: 'Last closed day',
      type: 'date',
      description: 'Leave empty to close one day only.',
      validation: (rule) =>
        rule.custom((to, context) => {
          const from = (context.document as { from?: unknown } | undefined)?.from;
          // 'YYYY-MM-DD' strings compare correctly as text.
          return typeof to === 'string' && typeof from === 'string' && to < from
            ? 'Must not be before the first closed day'
            : true;
        }),
    }),
  ],
  orderings: [{ title: 'Date', name: 'fromAsc', by: [{ field: 'from', direction: 'asc' }] }],
  preview: {
    select: { reason: 'reason', from: 'from', to: 'to' },
    prepare: ({ reason, from, to }) => ({
      title: reason,
      subtitle: to && to !== from ? `${from} – ${to}` : from,
    }),
  },
});
