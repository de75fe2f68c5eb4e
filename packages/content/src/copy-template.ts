/**
 * Copy that mentions a value the site owns elsewhere (a price from Pricing, the response
 * promise from Site settings) is written with placeholders, e.g.
 * "Groups of {groupSizeMin} to {groupSizeMax} students". The editor owns the words, the
 * number keeps its one source, and the page fills the placeholders in when it renders.
 */
import { z } from 'zod';
import { PLACEHOLDER, unknownPlaceholders } from './placeholders.ts';

export { placeholdersIn } from './placeholders.ts';

declare const placeholderNames: unique symbol;

/** A checked copy template whose placeholders are among `Name`. */
export type CopyTemplate<Name extends string> = string & { readonly [placeholderNames]: Name };

/** A template split into literal text and placeholders, for copy that embeds a link. */
export function templateParts(
  template: string,
): ({ kind: 'text'; text: string } | { kind: 'placeholder'; name: string })[] {
  const parts: ({ kind: 'text'; text: string } | { kind: 'placeholder'; name: string })[] = [];
  let last = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    if (match.index > last) parts.push({ kind: 'text', text: template.slice(last, match.index) });
    parts.push({ kind: 'placeholder', name: match[1] as string });
    last = match.index + match[0].length;
  }
  if (last < template.length) parts.push({ kind: 'text', text: template.slice(last) });
  return parts;
}

/** Replaces every `{name}` with its value; the types require a value for each allowed name. */
export function fillTemplate<Name extends string>(
  template: CopyTemplate<Name>,
  values: Readonly<Record<Name, string | number>>,
): string {
  return template.replace(PLACEHOLDER, (_match, name: string) => {
    const value = (values as Readonly<Record<string, string | number | undefined>>)[name];
    // Unreachable for parsed content (the schema refuses unknown names); guards hand-made input.
    if (value === undefined) throw new Error(`No value for the placeholder {${name}}`);
    return String(value);
  });
}

/**
 * A non-empty text that may only use the given placeholders. An unknown one (a typo such as
 * "{bundelSize}") fails validation with the names that are allowed, instead of showing the
 * braces to visitors.
 */
export function copyTemplate<const Name extends string>(allowed: readonly Name[]) {
  return z
    .string()
    .trim()
    .min(1, { error: 'Must not be empty' })
    .superRefine((value, context) => {
      for (const message of unknownPlaceholders(value, allowed)) {
        context.addIssue({ code: 'custom', message });
      }
    })
    .transform((value) => value as CopyTemplate<Name>);
}
