// The content the site was built from, read through the same loader, so the journeys assert
// what an editor wrote rather than copies of it.
import { contentConfigFromEnv, createContentLoader } from '@tuition/content';

export const content = createContentLoader(contentConfigFromEnv(process.env), {
  cacheTtlMs: 60 * 60 * 1000,
});

/** The origin canonical links are built from (astro.config.mjs reads the same variable). */
export const SITE_URL = process.env.SITE_URL ?? 'http://localhost:4321';

/** Every marketing route the site builds, for the checks that apply to all of them. */
export async function contentRoutes(): Promise<string[]> {
  const timelines = await content.courseTimelines();
  return [
    '/',
    '/services',
    '/services/mathematics',
    ...timelines.map((timeline) => `/course-timeline/${timeline.id}`),
    '/about',
    '/reviews',
    '/contact',
    '/terms-and-conditions',
    '/privacy-policy',
  ];
}
