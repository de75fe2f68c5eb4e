import { formatPounds } from '@tuition/domain';
import { defineField, defineType, type ValidationContext } from 'sanity';

/** A date field of the document being edited, when it is set. */
function dateOf(context: ValidationContext, field: string): string | undefined {
  const value = (context.document as Record<string, unknown> | undefined)?.[field];
  return typeof value === 'string' ? value : undefined;
}

/**
 * A date that must not be after another field's date, or not before it. 'YYYY-MM-DD' strings
 * compare correctly as text; an unset date has its own "required" message, so only two set
 * dates are compared.
 */
const notAfter =
  (field: string, message: string) => (date: unknown, context: ValidationContext) => {
    const other = dateOf(context, field);
    return typeof date === 'string' && other !== undefined && date > other ? message : true;
  };
const notBefore =
  (field: string, message: string) => (date: unknown, context: ValidationContext) => {
    const other = dateOf(context, field);
    return typeof date === 'string' && other !== undefined && date < other ? message : true;
  };

/**
 * A school term families will enrol in for a weekly class (docs/decisions/081). Pupils already
 * in the class may enrol from the priority day, everyone from the public day. Half terms and
 * holidays are not part of the term: they are closures, so no session is offered on them.
 */
export const term = defineType({
  name: 'term',
  title: 'Term',
  type: 'document',
  fields: [
    defineField({
      name: 'name',
      type: 'string',
      description: 'Shown to customers, e.g. "Spring 2027".',
      validation: (rule) => rule.required().max(60),
    }),
    defineField({
      name: 'firstDay',
      title: 'First day',
      type: 'date',
      description: 'The first day of term. Add its half term as a closure.',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'lastDay',
      title: 'Last day',
      type: 'date',
      description: 'The last day of term, included.',
      validation: (rule) =>
        rule.required().custom(notBefore('firstDay', 'Must not be before the first day')),
    }),
    defineField({
      name: 'priorityOpensOn',
      title: 'Priority enrolment opens on',
      type: 'date',
      description: 'From this day, pupils already in a class may enrol in it for this term.',
      validation: (rule) =>
        rule
          .required()
          .custom(notAfter('publicOpensOn', 'Must not be after public enrolment opens')),
    }),
    defineField({
      name: 'publicOpensOn',
      title: 'Public enrolment opens on',
      type: 'date',
      description: 'From this day, anyone may enrol in the places left.',
      validation: (rule) =>
        rule.required().custom(notAfter('firstDay', 'Must not be after the first day')),
    }),
    defineField({
      name: 'pricePencePerSession',
      title: 'Price per session',
      type: 'number',
      description:
        'What each session of the term costs when enrolling. In pence: 1000 means £10.00. ' +
        'An enrolment keeps the price it was sold at, so a change applies to later enrolments.',
      validation: (rule) => rule.required().integer().min(0),
    }),
  ],
  orderings: [
    { title: 'First day', name: 'firstDayAsc', by: [{ field: 'firstDay', direction: 'asc' }] },
  ],
  preview: {
    select: {
      name: 'name',
      firstDay: 'firstDay',
      lastDay: 'lastDay',
      pricePencePerSession: 'pricePencePerSession',
    },
    prepare: ({ name, firstDay, lastDay, pricePencePerSession }) => ({
      title: name,
      subtitle: [
        firstDay && lastDay ? `${firstDay} – ${lastDay}` : (firstDay ?? lastDay),
        Number.isSafeInteger(pricePencePerSession)
          ? `${formatPounds(pricePencePerSession)} a session`
          : null,
      ]
        .filter(Boolean)
        .join(' · '),
    }),
  },
});
