import { defineField } from 'sanity';

import { unknownPlaceholders } from '@tuition/content/placeholders';

// The placeholder lists live beside the content schemas that read them, so the Studio and the
// site check the same names.
export {
  CONTACT_PLACEHOLDERS,
  COURSE_TIMELINE_PLACEHOLDERS,
  PRICING_PLACEHOLDERS,
  REVIEWS_PLACEHOLDERS,
} from '@tuition/content/placeholders';

/** The message for the first placeholder not in `allowed`, or true. */
export function checkPlaceholders(value: unknown, allowed: readonly string[]): true | string {
  if (typeof value !== 'string') return true;
  return unknownPlaceholders(value, allowed)[0] ?? true;
}

interface CopyFieldOptions {
  title?: string;
  /** Where the text appears, for the editor. */
  description?: string;
  /** Show a multi-line box of this many rows (a `text` field) instead of one line. */
  rows?: number;
  max?: number;
}

/** A required piece of page copy. */
export const copyField = (name: string, { title, description, rows, max }: CopyFieldOptions = {}) =>
  defineField({
    name,
    ...(title ? { title } : {}),
    ...(description ? { description } : {}),
    ...(rows ? { type: 'text' as const, rows } : { type: 'string' as const }),
    validation: (rule) => (max ? rule.required().max(max) : rule.required()),
  });

/** Required copy that may quote figures kept elsewhere through `{placeholders}`. */
export const copyTemplateField = (
  name: string,
  placeholders: readonly string[],
  { title, description, rows, max }: CopyFieldOptions = {},
) =>
  defineField({
    name,
    ...(title ? { title } : {}),
    description: [
      description,
      `You can write ${placeholders.map((n) => `{${n}}`).join(', ')}; the site fills in the current value.`,
    ]
      .filter(Boolean)
      .join(' '),
    ...(rows ? { type: 'text' as const, rows } : { type: 'string' as const }),
    validation: (rule) =>
      (max ? rule.required().max(max) : rule.required()).custom((value) =>
        checkPlaceholders(value, placeholders),
      ),
  });

/** A page's meta and social description: what search results and link previews show. */
export const metaDescriptionField = (placeholders: readonly string[] = []) =>
  defineField({
    name: 'description',
    title: 'Meta description',
    type: 'text',
    rows: 2,
    description: [
      'Shown in search results and link previews; 50 to 160 characters read best.',
      placeholders.length > 0
        ? `You can write ${placeholders.map((n) => `{${n}}`).join(', ')}; the site fills in the current value.`
        : '',
    ]
      .filter(Boolean)
      .join(' '),
    validation: (rule) =>
      rule
        .required()
        .min(50)
        .max(placeholders.length > 0 ? 200 : 160)
        .custom((value) => checkPlaceholders(value, placeholders)),
  });

/** The small label above a page's heading. */
export const eyebrowField = (example: string) =>
  copyField('eyebrow', {
    description: `Small label above the page heading, e.g. "${example}".`,
    max: 30,
  });
