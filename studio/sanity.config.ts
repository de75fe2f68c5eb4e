import { defineConfig } from 'sanity';
import { structureTool } from 'sanity/structure';
import { studioProject } from './studio-project.ts';
import { SINGLETON_TYPES, schemaTypes } from './schemaTypes/index.ts';
import { structure } from './structure.ts';

/** Types whose documents have fixed ids: never created, duplicated or deleted by hand. */
const fixedDocumentTypes = new Set<string>([...SINGLETON_TYPES, 'legalPage']);
const fixedDocumentActions = new Set(['publish', 'discardChanges', 'restore']);

export default defineConfig({
  name: 'default',
  title: 'Maths Mastery Education',
  projectId: studioProject.projectId,
  dataset: studioProject.dataset,
  plugins: [structureTool({ structure })],
  schema: {
    types: schemaTypes,
    templates: (templates) =>
      templates.filter(({ schemaType }) => !fixedDocumentTypes.has(schemaType)),
  },
  document: {
    actions: (actions, { schemaType }) =>
      fixedDocumentTypes.has(schemaType)
        ? actions.filter(({ action }) => action !== undefined && fixedDocumentActions.has(action))
        : actions,
    newDocumentOptions: (options) =>
      options.filter(({ templateId }) => !fixedDocumentTypes.has(templateId)),
  },
});
