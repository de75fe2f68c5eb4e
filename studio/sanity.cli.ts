import { defineCliConfig } from 'sanity/cli';
import { studioProject } from './studio-project.ts';

export default defineCliConfig({
  api: { projectId: studioProject.projectId, dataset: studioProject.dataset },
  // The Studio is built into static files and deployed with a fixed sanity version;
  // auto-updates would load Studio code from Sanity's CDN at runtime instead.
  deployment: { autoUpdates: false },
  // `pnpm --filter studio typegen`: the result type of every GROQ query the site and the service
  // run, from these schemas (extracted with required fields enforced, into the ignored .sanity/).
  // The content package checks its zod schemas against them (src/sanity-types.check.ts).
  typegen: {
    path: '../packages/content/src/queries.ts',
    schema: '.sanity/schema.json',
    generates: '../packages/content/src/sanity.types.ts',
    overloadClientMethods: false,
  },
});
