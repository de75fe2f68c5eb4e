import { defineCliConfig } from 'sanity/cli';
import { studioProject } from './studio-project.ts';

export default defineCliConfig({
  api: { projectId: studioProject.projectId, dataset: studioProject.dataset },
  // The Studio is built into static files and deployed with a fixed sanity version;
  // auto-updates would load Studio code from Sanity's CDN at runtime instead.
  deployment: { autoUpdates: false },
});
