import { SERVICE_CODES, WEEKDAYS } from '@tuition/domain';
import { z } from 'zod';
import type { ContentConfig } from './config.ts';
import type { ContentSource } from './content-source.ts';
import { ContentNotFoundError, parseContent } from './content-validation.ts';
import {
  ABOUT_PAGE_QUERY,
  CLOSURES_QUERY,
  CONTACT_PAGE_QUERY,
  COURSE_TIMELINE_PAGE_QUERY,
  COURSE_TIMELINE_QUERY,
  COURSE_TIMELINES_QUERY,
  COURSES_QUERY,
  FAQ_PAGE_QUERY,
  HOME_PAGE_QUERY,
  LEGAL_PAGE_QUERY,
  MATHEMATICS_PAGE_QUERY,
  PACKS_QUERY,
  PRICING_QUERY,
  REVIEWS_PAGE_QUERY,
  REVIEWS_QUERY,
  SERVICES_PAGE_QUERY,
  SITE_SETTINGS_QUERY,
  SUBJECTS_QUERY,
  TEACHERS_QUERY,
  TERMS_QUERY,
  TIMETABLE_QUERY,
} from './queries.ts';
import { createSanitySource } from './sanity-source.ts';
import { createSeedSource } from './seed-source.ts';
import { TtlCache } from './ttl-cache.ts';
import {
  type AboutPage,
  AboutPageSchema,
  type Closure,
  ClosureSchema,
  type ContactPage,
  ContactPageSchema,
  type Course,
  CourseSchema,
  type CourseTimeline,
  type CourseTimelinePage,
  CourseTimelinePageSchema,
  CourseTimelineSchema,
  type FaqItem,
  type FaqPage,
  FaqPageSchema,
  type HomePage,
  HomePageSchema,
  type LegalPage,
  LegalPageSchema,
  type LegalSlug,
  type MathematicsPage,
  MathematicsPageSchema,
  type Pack,
  PacksSchema,
  type Pricing,
  PricingSchema,
  type Review,
  ReviewSchema,
  type ReviewsPage,
  ReviewsPageSchema,
  type ServicesPage,
  ServicesPageSchema,
  type SiteSettings,
  SiteSettingsSchema,
  type Subject,
  SubjectSchema,
  type Teacher,
  TeacherSchema,
  type Term,
  TermSchema,
  type TimetableSlot,
  TimetableSlotSchema,
} from './types.ts';

/** All content the site and the booking service read; every result is validated. */
export interface ContentLoader {
  siteSettings(): Promise<SiteSettings>;
  pricing(): Promise<Pricing>;
  /**
   * Every session pack by editors' sort order, on sale or not (`onSale`): the booking service
   * sells only those on sale.
   */
  packs(): Promise<Pack[]>;
  subjects(): Promise<Subject[]>;
  courses(): Promise<Course[]>;
  /** Ordered Monday to Sunday, then by start time. */
  timetable(): Promise<TimetableSlot[]>;
  /** Days the school is closed, earliest first. */
  closures(): Promise<Closure[]>;
  /**
   * School terms families will enrol in, by first day (docs/decisions/081). Their half terms and
   * holidays are among the closures.
   */
  terms(): Promise<Term[]>;
  /** Ordered as the service codes are (sats … alevel). */
  courseTimelines(): Promise<CourseTimeline[]>;
  /** Null for an id with no timeline (the "Timeline Not Found" page). */
  courseTimeline(id: string): Promise<CourseTimeline | null>;
  reviews(): Promise<Review[]>;
  /** The questions in the order editors arranged them. */
  faq(): Promise<FaqItem[]>;
  /** The FAQ block's heading, subtext and questions. */
  faqPage(): Promise<FaqPage>;
  teachers(): Promise<Teacher[]>;
  aboutPage(): Promise<AboutPage>;
  homePage(): Promise<HomePage>;
  contactPage(): Promise<ContactPage>;
  servicesPage(): Promise<ServicesPage>;
  mathematicsPage(): Promise<MathematicsPage>;
  reviewsPage(): Promise<ReviewsPage>;
  /** Copy shared by every course timeline page. */
  courseTimelinePage(): Promise<CourseTimelinePage>;
  legalPage(slug: LegalSlug): Promise<LegalPage>;
}

export interface ContentLoaderOptions {
  /** Keep each result this long (runtime use); without it every call queries the source. */
  cacheTtlMs?: number;
  /** Clock for the cache, for tests. */
  now?: () => number;
}

export function createContentSource(config: ContentConfig): ContentSource {
  return config.source === 'sanity'
    ? createSanitySource(config)
    : createSeedSource(config.seedPath);
}

const byWeekAndTime = (a: TimetableSlot, b: TimetableSlot) =>
  WEEKDAYS.indexOf(a.day) - WEEKDAYS.indexOf(b.day) || a.startTime.localeCompare(b.startTime);

const byServiceCode = (a: CourseTimeline, b: CourseTimeline) =>
  SERVICE_CODES.indexOf(a.id) - SERVICE_CODES.indexOf(b.id);

export function createContentLoader(
  config: ContentConfig,
  options: ContentLoaderOptions = {},
): ContentLoader {
  const source = createContentSource(config);
  const cache =
    options.cacheTtlMs && options.cacheTtlMs > 0
      ? new TtlCache(options.cacheTtlMs, options.now)
      : undefined;

  const fetchCached = (query: string, params: Record<string, unknown>) => {
    const load = () => source.fetch(query, params);
    return cache ? cache.get(`${query}\n${JSON.stringify(params)}`, load) : load();
  };

  /*
   * Content read through the cache is checked and parsed once per fetched result, not on every
   * call: the booking reads ask for the timetable, pricing and closures on every request
   * (docs/decisions/114). The result is shared by every caller until the cache fetches again,
   * so it is frozen: a caller that changed it would change what the next one reads.
   */
  const parsed = new WeakMap<object, Map<string, unknown>>();
  function parseOnce<T>(raw: unknown, name: string, parse: () => T): T {
    if (!cache || raw === null || typeof raw !== 'object') return parse();
    let byName = parsed.get(raw);
    if (!byName) {
      byName = new Map();
      parsed.set(raw, byName);
    }
    if (byName.has(name)) return byName.get(name) as T;
    const value = deepFreeze(parse());
    byName.set(name, value);
    return value;
  }

  /** A list of documents; an empty list is valid content. Ordered before it is shared. */
  async function list<Schema extends z.ZodType>(
    name: string,
    query: string,
    schema: Schema,
    order?: (a: z.output<Schema>, b: z.output<Schema>) => number,
  ): Promise<z.output<Schema>[]> {
    const raw = await fetchCached(query, {});
    return parseOnce(raw, name, () => {
      const items = parseContent(z.array(schema), raw ?? [], name, source.description);
      return order ? items.sort(order) : items;
    });
  }

  /** A document that must exist (singletons and pages). */
  async function one<Schema extends z.ZodType>(
    name: string,
    query: string,
    schema: Schema,
    params: Record<string, unknown> = {},
  ) {
    const raw = await fetchCached(query, params);
    if (raw === null || raw === undefined) throw new ContentNotFoundError(name, source.description);
    return parseOnce(raw, name, () => parseContent(schema, raw, name, source.description));
  }

  const faqPage = () => one('FAQ page', FAQ_PAGE_QUERY, FaqPageSchema);

  return {
    siteSettings: () => one('site settings', SITE_SETTINGS_QUERY, SiteSettingsSchema),
    pricing: () => one('pricing', PRICING_QUERY, PricingSchema),
    packs: async () => {
      const raw = await fetchCached(PACKS_QUERY, {});
      return parseOnce(raw, 'packs', () =>
        parseContent(PacksSchema, raw ?? [], 'packs', source.description),
      );
    },
    subjects: () => list('subjects', SUBJECTS_QUERY, SubjectSchema),
    courses: () => list('courses', COURSES_QUERY, CourseSchema),
    timetable: () => list('timetable', TIMETABLE_QUERY, TimetableSlotSchema, byWeekAndTime),
    closures: () => list('closures', CLOSURES_QUERY, ClosureSchema),
    terms: () => list('terms', TERMS_QUERY, TermSchema),
    courseTimelines: () =>
      list('course timelines', COURSE_TIMELINES_QUERY, CourseTimelineSchema, byServiceCode),
    async courseTimeline(id) {
      const raw = await fetchCached(COURSE_TIMELINE_QUERY, { id });
      return raw === null || raw === undefined
        ? null
        : parseOnce(raw, `course timeline "${id}"`, () =>
            parseContent(CourseTimelineSchema, raw, `course timeline "${id}"`, source.description),
          );
    },
    reviews: () => list('reviews', REVIEWS_QUERY, ReviewSchema),
    faq: async () => (await faqPage()).items,
    faqPage,
    teachers: () => list('teachers', TEACHERS_QUERY, TeacherSchema),
    aboutPage: () => one('about page', ABOUT_PAGE_QUERY, AboutPageSchema),
    homePage: () => one('home page', HOME_PAGE_QUERY, HomePageSchema),
    contactPage: () => one('contact page', CONTACT_PAGE_QUERY, ContactPageSchema),
    servicesPage: () => one('services page', SERVICES_PAGE_QUERY, ServicesPageSchema),
    mathematicsPage: () => one('mathematics page', MATHEMATICS_PAGE_QUERY, MathematicsPageSchema),
    reviewsPage: () => one('reviews page', REVIEWS_PAGE_QUERY, ReviewsPageSchema),
    courseTimelinePage: () =>
      one('course timeline page', COURSE_TIMELINE_PAGE_QUERY, CourseTimelinePageSchema),
    legalPage: (slug) =>
      one(`legal page "${slug}"`, LEGAL_PAGE_QUERY, LegalPageSchema, {
        slug,
        id: `legal-${slug}`,
      }),
  };
}

/** Freezes a parsed document and everything in it (plain objects and arrays only). */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
