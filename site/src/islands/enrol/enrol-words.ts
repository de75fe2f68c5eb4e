// What /enrol says (docs/decisions/083): a class as families know it, each session's status in
// words, the seats counted and the date enrolment opens. Money is never worked out here: every
// figure shown is the service's quote.
import type { TermSessionStatus } from '@tuition/api-contract';
import { formatCalendarDate, termOpenTo, weeklyClassLabel } from '@tuition/domain';
import type { PublicClass, PublicTerm } from '../../lib/term-api.ts';

/** "GCSE Higher, Tuesdays 7:00 PM", as the service labels enrolments (decision 071). */
export function classWords(lesson: PublicClass): string {
  return weeklyClassLabel(lesson);
}

export const STATUS_WORDS: Record<TermSessionStatus, string> = {
  ok: 'Included',
  closed: 'Closed – no lesson',
  full: 'Full',
  duplicate: 'Already booked',
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "9 sessions × 2 pupils". */
export function seatsWords(sessions: number, pupils: number): string {
  return `${plural(sessions, 'session', 'sessions')} × ${plural(pupils, 'pupil', 'pupils')}`;
}

/** "Enrolment for these pupils opens on Monday 30 November 2026." */
export function notOpenWords(opensOn: string): string {
  return `Enrolment for these pupils opens on ${formatCalendarDate(opensOn)}.`;
}

/** The terms a family may still enrol for: those not over by today (London). */
export function termsNotOver(terms: readonly PublicTerm[], today: string): PublicTerm[] {
  return terms.filter((term) => term.lastDay >= today);
}

const dayMonth = (date: string) => formatCalendarDate(date).split(' ').slice(1, 3).join(' ');

/** A term's dates, "4 January to 26 March 2027", said under the term chosen. */
export function termDatesWords(term: PublicTerm): string {
  const lastDay = formatCalendarDate(term.lastDay).split(' ').slice(1).join(' ');
  return `${dayMonth(term.firstDay)} to ${lastDay}`;
}

/**
 * Who may enrol for the term and from when, by the page's London date (docs/decisions/107), in
 * the dates the re-enrolment e-mail and the service's refusal give: "Open now to pupils already
 * in the class; to everyone from Monday 14 December 2026."
 */
export function termOpeningWords(term: PublicTerm, today: string): string {
  const priority = formatCalendarDate(term.priorityOpensOn);
  const everyone = formatCalendarDate(term.publicOpensOn);
  switch (termOpenTo(term, today)) {
    case 'everyone':
      return 'Open to everyone.';
    case 'returning-pupils':
      return `Open now to pupils already in the class; to everyone from ${everyone}.`;
    default:
      return term.priorityOpensOn < term.publicOpensOn
        ? `Opens to pupils already in the class on ${priority}, to everyone on ${everyone}.`
        : `Opens to everyone on ${everyone}.`;
  }
}

/** The term as its option reads: "Spring 2027 – open to pupils in the class". */
export function termOptionWords(term: PublicTerm, today: string): string {
  switch (termOpenTo(term, today)) {
    case 'everyone':
      return `${term.name} – open`;
    case 'returning-pupils':
      return `${term.name} – open to pupils in the class`;
    default:
      return `${term.name} – opens ${dayMonth(term.priorityOpensOn)}`;
  }
}
