/**
 * The `{name}` placeholders page copy may use, by where the figure comes from, and the check
 * that refuses an unknown one. No imports: the Studio's field validation and this package's
 * schemas read the same lists, so an editor and the site can never disagree on a name.
 */

export const PRICING_PLACEHOLDERS = [
  'sessionPrice',
  'bundleSize',
  'bundlePrice',
  'bundleSaving',
  'oneToOneHourlyPrice',
  'groupSizeMin',
  'groupSizeMax',
] as const;
/** Copy on /contact may quote the response promise of the site settings. */
export const CONTACT_PLACEHOLDERS = ['responsePromise'] as const;
/** Copy on /reviews may quote the marketing claim of kind "family-count" ("50+"). */
export const REVIEWS_PLACEHOLDERS = ['familyCount'] as const;
/** Copy shared by every /course-timeline/{id} page may quote that timeline's figures. */
export const COURSE_TIMELINE_PLACEHOLDERS = [
  'title',
  'academicYear',
  'unitCount',
  'termCount',
] as const;

export const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9]*)\}/g;

/** The placeholder names a template uses, in order, e.g. ["groupSizeMin", "groupSizeMax"]. */
export function placeholdersIn(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((match) => match[1] as string);
}

/** Why each placeholder of `template` outside `allowed` is refused, in order. */
export function unknownPlaceholders(template: string, allowed: readonly string[]): string[] {
  return placeholdersIn(template)
    .filter((name) => !allowed.includes(name))
    .map((name) =>
      allowed.length === 0
        ? `Unknown placeholder {${name}}: this text takes none`
        : `Unknown placeholder {${name}}: use ${allowed.map((n) => `{${n}}`).join(', ')}`,
    );
}
