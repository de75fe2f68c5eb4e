import type { ContentLoader } from '@tuition/content';

/** The seed's school holidays (docs/decisions/081); bank holidays keep their own closures. */
const SCHOOL_HOLIDAY_REASONS = new Set(['Half term', 'Easter holiday', 'Summer holiday']);

/**
 * The seed content of a school that teaches through the school holidays, closing only on bank
 * holidays and at Christmas. For tests pinned to the clock changes, which fall in the October
 * half term and the Easter holiday: what they test is the clock, not the holiday calendar.
 */
export function teachingThroughHolidays(content: ContentLoader): ContentLoader {
  return {
    ...content,
    closures: async () =>
      (await content.closures()).filter((c) => !SCHOOL_HOLIDAY_REASONS.has(c.reason)),
  };
}
