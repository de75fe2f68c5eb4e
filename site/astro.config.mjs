// @ts-check
import { copyFile } from 'node:fs/promises';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { defineConfig } from 'astro/config';
import { precompressBuild } from './integrations/precompress.mjs';
import { radixSubset } from './integrations/radix-subset.mjs';
import { isIndexable } from './src/lib/indexing.ts';

// The only place the site reads its public origin: canonical links, Open Graph URLs,
// sitemap.xml and robots.txt are all built from it.
const site = process.env.SITE_URL ?? 'http://localhost:4321';

export default defineConfig({
  site,
  output: 'static',
  // One address per page, without a trailing slash: canonical links and the sitemap agree.
  trailingSlash: 'never',
  build: { format: 'directory' },
  // App pages get only the Radix Themes component styles their islands can render.
  vite: { css: { postcss: { plugins: [radixSubset()] } } },
  integrations: [
    react(),
    // The not-found page and signed-in pages stay out of the sitemap (see src/lib/indexing.ts).
    sitemap({ filter: isIndexable }),
    {
      // Crawlers and people look for /sitemap.xml first; @astrojs/sitemap writes an index
      // named sitemap-index.xml, so publish the same index under the conventional name too.
      name: 'sitemap-xml-alias',
      hooks: {
        'astro:build:done': async ({ dir }) => {
          await copyFile(new URL('sitemap-index.xml', dir), new URL('sitemap.xml', dir));
        },
      },
    },
    // Last, so every file the other integrations write gets its compressed copies too.
    precompressBuild(),
  ],
});
