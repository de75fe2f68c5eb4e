import { createClient } from '@sanity/client';
import type { SanityContentConfig } from './config.ts';
import type { ContentSource } from './content-source.ts';

/** Runs the queries against a Sanity project's published perspective. */
export function createSanitySource(config: SanityContentConfig): ContentSource {
  const client = createClient({
    projectId: config.projectId,
    dataset: config.dataset,
    apiVersion: config.apiVersion,
    useCdn: config.useCdn,
    perspective: 'published',
    ...(config.token ? { token: config.token } : {}),
    ...(config.apiHost ? { apiHost: config.apiHost } : {}),
    ...(config.useProjectHostname === undefined
      ? {}
      : { useProjectHostname: config.useProjectHostname }),
  });
  return {
    description: `Sanity project ${config.projectId}/${config.dataset}`,
    fetch: (query, params = {}) => client.fetch(query, params),
  };
}
