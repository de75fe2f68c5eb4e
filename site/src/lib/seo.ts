// Page titles, canonical URLs and schema.org JSON-LD for the site's <head>. Pure functions of
// the site settings so the rules ("{Page} | {brand} Education") are tested in one place.

export interface TitleSettings {
  /** e.g. "Maths Mastery Education" (the brand plus the word Education). */
  titleSuffix: string;
  /** e.g. "Online Maths Tuition for Ages 11–18". */
  homeTitlePhrase: string;
}

/** "{Page} | {brand} Education", or "{brand} Education | {phrase}" for the home page. */
export function pageTitle(settings: TitleSettings, page?: string): string {
  if (!page) return `${settings.titleSuffix} | ${settings.homeTitlePhrase}`;
  return `${page} | ${settings.titleSuffix}`;
}

/** The canonical address of a path: no trailing slash (except the root), no query or hash. */
export function canonicalUrl(pathname: string, site: URL | string): string {
  const path = pathname.replace(/\/index\.html$|\.html$/, '').replace(/\/+$/, '') || '/';
  return new URL(path, site).href;
}

export interface OrganizationFacts {
  name: string;
  description: string;
  url: string;
  email: string;
  telephone: string;
  sameAs: readonly string[];
  openingHours: readonly { days: string; hours: string }[];
}

const DAY_GROUPS: Record<string, readonly string[]> = {
  weekdays: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
  weekends: ['Saturday', 'Sunday'],
  weekend: ['Saturday', 'Sunday'],
  daily: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
  'every day': ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
};
const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** "5 PM" / "5:30pm" / "17:00" -> "17:00"; undefined when it is not a time. */
function to24h(text: string): string | undefined {
  const match = text.trim().match(/^(\d{1,2})(?::(\d{2}))?\s*([ap]\.?m\.?)?$/i);
  if (!match) return undefined;
  let hour = Number(match[1]);
  const minute = match[2] ?? '00';
  const meridiem = match[3]?.toLowerCase().replaceAll('.', '');
  if (meridiem === 'pm' && hour < 12) hour += 12;
  if (meridiem === 'am' && hour === 12) hour = 0;
  if (hour > 23 || Number(minute) > 59) return undefined;
  return `${String(hour).padStart(2, '0')}:${minute}`;
}

function daysOf(text: string): readonly string[] {
  const key = text.trim().toLowerCase();
  const group = DAY_GROUPS[key];
  if (group) return group;
  const named = DAY_NAMES.filter((day) => key.includes(day.toLowerCase()));
  return named;
}

/**
 * Editor-written opening hours ("Weekdays", "5 PM – 8 PM") as schema.org
 * OpeningHoursSpecification entries. Lines the parser does not understand are left out of the
 * structured data (they still show on the page as written).
 */
export function openingHoursSpecification(hours: OrganizationFacts['openingHours']) {
  return hours.flatMap(({ days, hours: range }) => {
    const [from, to] = range.split(/\s*[-–—]\s*|\s+to\s+/i);
    const opens = from ? to24h(from) : undefined;
    const closes = to ? to24h(to) : undefined;
    const dayOfWeek = daysOf(days);
    if (!opens || !closes || dayOfWeek.length === 0) return [];
    return [{ '@type': 'OpeningHoursSpecification', dayOfWeek, opens, closes }];
  });
}

export function organizationJsonLd(facts: OrganizationFacts) {
  return {
    '@context': 'https://schema.org',
    '@type': 'EducationalOrganization',
    '@id': `${facts.url}#organization`,
    name: facts.name,
    description: facts.description,
    url: facts.url,
    email: facts.email,
    telephone: facts.telephone,
    sameAs: facts.sameAs,
    areaServed: { '@type': 'Country', name: 'United Kingdom' },
    openingHoursSpecification: openingHoursSpecification(facts.openingHours),
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer service',
      email: facts.email,
      telephone: facts.telephone,
      areaServed: 'GB',
      availableLanguage: 'English',
    },
  };
}

export function faqJsonLd(items: readonly { question: string; answer: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  };
}

export function courseJsonLd(
  course: { id: string; title: string; summary: string; years: string },
  provider: { name: string; url: string },
) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Course',
    '@id': new URL(`/course-timeline/${course.id}`, provider.url).href,
    name: course.title,
    description: course.summary,
    educationalLevel: course.years,
    inLanguage: 'en-GB',
    provider: {
      '@type': 'EducationalOrganization',
      '@id': `${provider.url}#organization`,
      name: provider.name,
      url: provider.url,
    },
  };
}

/**
 * JSON for a <script type="application/ld+json"> element: "<" is escaped so an editor's
 * text can never close the script element early.
 */
export function jsonLdScript(data: unknown): string {
  return JSON.stringify(data).replaceAll('<', '\\u003c');
}
