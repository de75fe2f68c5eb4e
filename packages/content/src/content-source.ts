/** Where the loader's queries run: the seed dataset or a Sanity project. */
export interface ContentSource {
  /** For error messages, e.g. "Sanity project abc123/production". */
  description: string;
  fetch(query: string, params?: Record<string, unknown>): Promise<unknown>;
}
