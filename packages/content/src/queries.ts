import groq from 'groq';

/**
 * Every GROQ query the site and the booking service run, in one place. The same strings
 * run against the local seed dataset (groq-js) and a Sanity project (@sanity/client).
 *
 * Each is a `groq` template, which is plain string concatenation at run time and lets Sanity
 * TypeGen type its result from the Studio schemas (`sanity.types.ts`, regenerated with
 * `pnpm --filter studio typegen`). Singletons are matched by `_type` as well as `_id`, so the
 * generated type is that document's and not a union of every type.
 *
 * Each projection keeps `_id` and `_type` so a result that fails validation can name the
 * document an editor has to fix; the zod types then drop them.
 */

const SETTINGS_ID = 'siteSettings';

/**
 * The site settings. Fields with a default in `@tuition/domain` (the enquiry retention, the
 * offer time, the reminder times, whether cancelling returns credit) are projected as they are,
 * null when unset: SiteSettingsSchema applies the domain default, so no default is written in
 * GROQ (decision 062).
 */
export const SITE_SETTINGS_QUERY = groq`*[_type == "siteSettings" && _id == "${SETTINGS_ID}"][0]{
  _id, _type, brandName, tagline, contactEmail, contactPhone, chatUrl,
  "socialLinks": coalesce(socialLinks[]{platform, label, url}, []),
  dataProtectionUrl,
  openingHours[]{days, hours},
  responsePromise,
  enquiryRetentionMonths,
  "claims": coalesce(claims[]{"kind": coalesce(kind, null), value, label}, []),
  promoBanner,
  business{name, address, "vatNumber": coalesce(vatNumber, null)},
  offerHours,
  firstReminderHours,
  secondReminderHours,
  customerCancelReturnsCredit,
  recordingRetentionDays,
  smsPerAccountDay,
  smsWording{reminder, change, waitingListOffer, lessonReport},
  unfilledClassRemedy,
  reenrolInviteDaysBefore,
  pupilConsentStatement,
  seo{titleSuffix, homeTitlePhrase, defaultDescription},
  footer{quickLinksHeading, contactHeading}
}`;

export const PRICING_QUERY = groq`*[_type == "pricing" && _id == "pricing"][0]{
  _id, _type, sessionPricePence, bundleSize, bundlePricePence, oneToOneHourlyPence,
  groupSizeMin, groupSizeMax, oneToOneLengthsMinutes, oneToOneServices, oneToOneDescription,
  oneToOneRecordingCompulsory
}`;

/** Every session pack, on sale or not (the booking service sells those on sale). */
export const PACKS_QUERY = groq`*[_type == "pack"] | order(sortOrder asc, _id asc){
  _id, _type, id, name, sessions, pricePence, validityMonths, onSale
}`;

export const SUBJECTS_QUERY = groq`*[_type == "subject"] | order(sortOrder asc, _id asc){
  _id, _type, id, title, description, available, colour
}`;

export const COURSES_QUERY = groq`*[_type == "course"] | order(sortOrder asc, _id asc){
  _id, _type, id, title, "subject": subject->id, summary, details, years
}`;

/** Ordered by day and time in the loader: GROQ cannot sort "mon".."sun" by week order. */
export const TIMETABLE_QUERY = groq`*[_type == "timetableSlot"] | order(startTime asc, _id asc){
  _id, _type, day, startTime, endTime, label, service
}`;

/** Closed days, earliest first; a one-day closure has no last day, so it ends where it starts. */
export const CLOSURES_QUERY = groq`*[_type == "closure"] | order(from asc, _id asc){
  _id, _type, reason, from, "to": coalesce(to, from)
}`;

/**
 * School terms families will enrol in (docs/decisions/081), earliest first. A term's `id` is its
 * document id, which editors cannot change, so enrolments can be recorded under it.
 */
export const TERMS_QUERY = groq`*[_type == "term"] | order(firstDay asc, _id asc){
  _id, _type, "id": _id, name, firstDay, lastDay, priorityOpensOn, publicOpensOn,
  pricePencePerSession
}`;

const TIMELINE_PROJECTION = groq`{
  _id, _type, id, title, academicYear,
  terms[]{term, units[]{unit, date, timeFrame}}
}`;

export const COURSE_TIMELINES_QUERY = groq`*[_type == "courseTimeline"] | order(id asc)${TIMELINE_PROJECTION}`;

/** Params: `id`, a service code. */
export const COURSE_TIMELINE_QUERY = groq`*[_type == "courseTimeline" && id == $id][0]${TIMELINE_PROJECTION}`;

export const REVIEWS_QUERY = groq`*[_type == "review"] | order(sortOrder asc, _id asc){
  _id, _type, rating, text, name, role
}`;

/** The FAQ block with its questions in the order editors arranged on the FAQ page. */
export const FAQ_PAGE_QUERY = groq`*[_type == "faqPage" && _id == "faqPage"][0]{
  _id, _type, heading, subtext,
  "items": items[]->{_id, _type, question, answer}
}`;

export const TEACHERS_QUERY = groq`*[_type == "teacher"] | order(sortOrder asc, _id asc){
  _id, _type, name, role, isFounder, bio, qualifications, initials,
  "photo": select(defined(photo.asset) => {"url": photo.asset->url, "alt": photo.alt}, null)
}`;

export const ABOUT_PAGE_QUERY = groq`*[_type == "aboutPage" && _id == "aboutPage"][0]{
  _id, _type, title, description, eyebrow, intro, foundersHeading, qualificationsHeading,
  philosophy{heading, body}
}`;

export const HOME_PAGE_QUERY = groq`*[_type == "homePage" && _id == "homePage"][0]{
  _id, _type,
  hero{heading, subheading, getStartedLabel, bookNowLabel, viewServicesLabel},
  teachingStyle{heading, intro, points[]{title, description}},
  pricePanel{title, priceUnit, offer, groupSize},
  learningStylesSection{heading, subtext},
  learningStyles[]{
    kind, title, description, status, "features": coalesce(features, []),
    "priceUnit": coalesce(priceUnit, null)
  },
  subjectsSection{heading, subtext},
  reviewsSection{heading, subtext},
  ctas{heading, text, contactLabel, bookLabel}
}`;

export const CONTACT_PAGE_QUERY = groq`*[_type == "contactPage" && _id == "contactPage"][0]{
  _id, _type, title, eyebrow, description, lead, formHeading, detailsHeading, hoursHeading,
  responseNote, socialHeading
}`;

export const SERVICES_PAGE_QUERY = groq`*[_type == "servicesPage" && _id == "servicesPage"][0]{
  _id, _type, title, eyebrow, description, lead, comingSoonNote, contactLinkLabel
}`;

export const MATHEMATICS_PAGE_QUERY = groq`*[_type == "mathematicsPage" && _id == "mathematicsPage"][0]{
  _id, _type, title, eyebrow, tierDialogText,
  pricing{
    heading, lead, sessionLabel, sessionPriceUnit, bundleLabel, bundleSaving, oneToOneLabel,
    oneToOnePriceUnit, oneToOneLinkLabel, note
  }
}`;

/** Joins in the value of the site settings' "family-count" claim for `{familyCount}`. */
export const REVIEWS_PAGE_QUERY = groq`*[_type == "reviewsPage" && _id == "reviewsPage"][0]{
  _id, _type, title, eyebrow, heading, lead, description,
  "familyCount": coalesce(
    *[_type == "siteSettings" && _id == "${SETTINGS_ID}"][0].claims[kind == "family-count"][0].value,
    null
  )
}`;

export const COURSE_TIMELINE_PAGE_QUERY = groq`*[_type == "courseTimelinePage" && _id == "courseTimelinePage"][0]{
  _id, _type, eyebrow, lead, description
}`;

/** Params: `slug`, one of LEGAL_SLUGS; `id`, the page's fixed document id `legal-{slug}`. */
export const LEGAL_PAGE_QUERY = groq`*[_type == "legalPage" && _id == $id][0]{
  _id, _type, "slug": $slug, title, description, updatedAt, sections[]{heading, paragraphs}
}`;
