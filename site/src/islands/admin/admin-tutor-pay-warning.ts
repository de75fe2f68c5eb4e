// What the admin is told when a tutor they invite or assign has no pay rate for the lessons
// (docs/decisions/113): the action stands, and the words say what it costs the tutor.
import type { TutorWarning } from '@tuition/api-contract';
import { pounds } from './admin-format.ts';

const WORDS: Record<TutorWarning, (name: string) => string> = {
  'no-rates': (name) =>
    `${name} has no pay rate yet: their lessons will be paid ${pounds(0)} until you set one.`,
  'no-one-to-one-rate': (name) =>
    `${name} has no 1-to-1 pay rate yet: their 1-to-1 lessons will be paid ${pounds(0)} until you set one.`,
};

/** The service's warnings about `name`, in words; '' when there are none. */
export function payWarningText(name: string, warnings: readonly TutorWarning[]): string {
  return warnings.map((w) => WORDS[w](name)).join(' ');
}
