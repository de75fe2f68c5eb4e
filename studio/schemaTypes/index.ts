import { aboutPage } from './about-page.ts';
import { closure } from './closure.ts';
import { contactPage } from './contact-page.ts';
import { course } from './course.ts';
import { courseTimeline } from './course-timeline.ts';
import { courseTimelinePage } from './course-timeline-page.ts';
import { faqItem } from './faq-item.ts';
import { faqPage } from './faq-page.ts';
import { homePage } from './home-page.ts';
import { legalPage } from './legal-page.ts';
import { mathematicsPage } from './mathematics-page.ts';
import { pack } from './pack.ts';
import { pricing } from './pricing.ts';
import { review } from './review.ts';
import { reviewsPage } from './reviews-page.ts';
import { servicesPage } from './services-page.ts';
import { siteSettings } from './site-settings.ts';
import { subject } from './subject.ts';
import { teacher } from './teacher.ts';
import { term } from './term.ts';
import { timetableSlot } from './timetable-slot.ts';

export const schemaTypes = [
  siteSettings,
  pricing,
  pack,
  homePage,
  aboutPage,
  servicesPage,
  mathematicsPage,
  courseTimelinePage,
  reviewsPage,
  contactPage,
  faqPage,
  legalPage,
  subject,
  course,
  timetableSlot,
  closure,
  term,
  courseTimeline,
  review,
  faqItem,
  teacher,
];

/**
 * Documents that exist exactly once, under a fixed _id equal to their type name. The desk
 * structure opens them directly and the Studio offers no "create" or "delete" for them.
 */
export const SINGLETON_TYPES = [
  'siteSettings',
  'pricing',
  'homePage',
  'aboutPage',
  'servicesPage',
  'mathematicsPage',
  'courseTimelinePage',
  'reviewsPage',
  'contactPage',
  'faqPage',
] as const;
