import { SERVICE_CODES, WEEKDAYS } from '@tuition/domain';
import { defineField, defineType } from 'sanity';
import { WALL_CLOCK_PATTERN } from './field-patterns.ts';

/**
 * One weekly group session. Times are London wall-clock times; the booking service turns
 * them into real instants through the Europe/London zone, so editors never think about BST.
 */
export const timetableSlot = defineType({
  name: 'timetableSlot',
  title: 'Timetable slot',
  type: 'document',
  fields: [
    defineField({
      name: 'day',
      type: 'string',
      options: { list: [...WEEKDAYS] },
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'startTime',
      title: 'Start time (London)',
      type: 'string',
      description: '24-hour clock, e.g. 17:00 for 5 PM.',
      validation: (rule) => rule.required().regex(WALL_CLOCK_PATTERN, { name: 'HH:mm' }),
    }),
    defineField({
      name: 'endTime',
      title: 'End time (London)',
      type: 'string',
      description: '24-hour clock, e.g. 18:00 for 6 PM.',
      validation: (rule) =>
        rule
          .required()
          .regex(WALL_CLOCK_PATTERN, { name: 'HH:mm' })
          .custom((endTime, context) => {
            const startTime = (context.document as { startTime?: unknown } | undefined)?.startTime;
            // 'HH:mm' strings compare correctly as text.
            return typeof endTime === 'string' &&
              typeof startTime === 'string' &&
              endTime <= startTime
              ? 'Must be after the start time'
              : true;
          }),
    }),
    defineField({
      name: 'label',
      title: 'Class name',
      type: 'string',
      description: 'Shown in the timetable and on the booking cards, e.g. "GCSE Higher".',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'service',
      type: 'string',
      options: { list: [...SERVICE_CODES] },
      validation: (rule) => rule.required(),
    }),
  ],
  orderings: [
    {
      title: 'Day and time',
      name: 'dayAndTime',
      by: [
        { field: 'day', direction: 'asc' },
        { field: 'startTime', direction: 'asc' },
      ],
    },
  ],
  preview: {
    select: { label: 'label', day: 'day', startTime: 'startTime', endTime: 'endTime' },
    prepare: ({ label, day, startTime, endTime }) => ({
      title: label,
      subtitle: `${day} ${startTime}–${endTime}`,
    }),
  },
});
