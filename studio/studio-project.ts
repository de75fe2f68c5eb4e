/**
 * Which Sanity project and dataset the Studio edits. The CLI exposes SANITY_STUDIO_*
 * variables to the Studio bundle, so both the CLI config and the Studio config read them
 * here, in one place. The placeholder keeps `sanity build` working with no project at all.
 */
export const studioProject = {
  projectId: process.env.SANITY_STUDIO_PROJECT_ID || 'local0000',
  dataset: process.env.SANITY_STUDIO_DATASET || 'production',
};
