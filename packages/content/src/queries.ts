/**
 * Every GROQ query the site and the booking service run, in one place. The same strings
 * run against the local seed dataset (groq-js) and a Sanity project (@sanity/client).
 *
 * Each projection keeps `_id` and `_type` so a result that fails validation can name the
 * document an editor has to fix; the zod types then drop them.
 */

const SETTINGS_ID = 'siteSettings';

export const SITE_SETTINGS_QUERY = `*[_id == "${SETTINGS_ID}"][0]{
  _id, _type, brandName, tagline, contactEmail, contactPhone, chatUrl,
  "socialLinks": coalesce(socialLinks[]{platform, label, url}, []),
  dataProtectionUrl,
  openingHours[]{days, hours},
  responsePromise,
  "claims": coalesce(claims[]{"kind": coalesce(kind, null), value, label}, []),
  promoBanner,
  seo{titleSuffix, homeTitlePhrase, defaultDescription},
  footer{quickLinksHeading, contactHeading}
}`;

export const PRICING_QUERY = `*[_id == "pricing"][0]{
  _id, _type, sessionPricePence, bundleSize, bundlePricePence, oneToOneHourlyPence,
  groupSizeMin, groupSizeMax
}`;

export const SUBJECTS_QUERY = `*[_type == "subject"] | order(sortOrder asc, _id asc){
  _id, _type, id, title, description, available, colour
}`;

export const COURSES_QUERY = `*[_type == "course"] | order(sortOrder asc, _id asc){
  _id, _type, id, title, "subject": subject->id, summary, details, years
}`;

/** Ordered by day and time in the loader: GROQ cannot sort "mon".."sun" by week order. */
export const TIMETABLE_QUERY = `*[_type == "timetableSlot"] | order(startTime asc, _id asc){
  _id, _type, day, startTime, endTime, label, service
}`;

const TIMELINE_PROJECTION = `{
  _id, _type, id, title, academicYear,
  terms[]{term, units[]{unit, date, timeFrame}}
}`;

export const COURSE_TIMELINES_QUERY = `*[_type == "courseTimeline"] | order(id asc)${TIMELINE_PROJECTION}`;

/** Params: `id`, a service code. */
export const COURSE_TIMELINE_QUERY = `*[_type == "courseTimeline" && id == $id][0]${TIMELINE_PROJECTION}`;

export const REVIEWS_QUERY = `*[_type == "review"] | order(sortOrder asc, _id asc){
  _id, _type, rating, text, name, role
}`;

/** The FAQ block with its questions in the order editors arranged on the FAQ page. */
export const FAQ_PAGE_QUERY = `*[_id == "faqPage"][0]{
  _id, _type, heading, subtext,
  "items": items[]->{_id, _type, question, answer}
}`;

export const TEACHERS_QUERY = `*[_type == "teacher"] | order(sortOrder asc, _id asc){
  _id, _type, name, role, isFounder, bio, qualifications, initials,
  "photo": select(defined(photo.asset) => {"url": photo.asset->url, "alt": photo.alt}, null)
}`;

export const ABOUT_PAGE_QUERY = `*[_id == "aboutPage"][0]{
  _id, _type, title, description, eyebrow, intro, foundersHeading, qualificationsHeading,
  philosophy{heading, body}
}`;

export const HOME_PAGE_QUERY = `*[_id == "homePage"][0]{
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

export const CONTACT_PAGE_QUERY = `*[_id == "contactPage"][0]{
  _id, _type, title, eyebrow, description, lead, formHeading, detailsHeading, hoursHeading,
  responseNote, socialHeading
}`;

export const SERVICES_PAGE_QUERY = `*[_id == "servicesPage"][0]{
  _id, _type, title, eyebrow, description, lead, comingSoonNote, contactLinkLabel
}`;

export const MATHEMATICS_PAGE_QUERY = `*[_id == "mathematicsPage"][0]{
  _id, _type, title, eyebrow, tierDialogText,
  pricing{
    heading, lead, sessionLabel, sessionPriceUnit, bundleLabel, bundleSaving, oneToOneLabel,
    oneToOnePriceUnit, oneToOneLinkLabel, note
  }
}`;

/** Joins in the value of the site settings' "family-count" claim for `{familyCount}`. */
export const REVIEWS_PAGE_QUERY = `*[_id == "reviewsPage"][0]{
  _id, _type, title, eyebrow, heading, lead, description,
  "familyCount": coalesce(
    *[_id == "${SETTINGS_ID}"][0].claims[kind == "family-count"][0].value,
    null
  )
}`;

export const COURSE_TIMELINE_PAGE_QUERY = `*[_id == "courseTimelinePage"][0]{
  _id, _type, eyebrow, lead, description
}`;

/** Params: `slug`, one of LEGAL_SLUGS; `id`, the page's fixed document id `legal-{slug}`. */
export const LEGAL_PAGE_QUERY = `*[_type == "legalPage" && _id == $id][0]{
  _id, _type, "slug": $slug, title, description, updatedAt, sections[]{heading, paragraphs}
}`;
