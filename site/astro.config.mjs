// @ts-check
import { copyFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { defineConfig, envField } from 'astro/config';
import { loadEnv } from 'vite';
import { precompressBuild } from './integrations/precompress.mjs';
import { radixSubset } from './integrations/radix-subset.mjs';
import { isIndexable } from './src/lib/indexing.ts';
import { SITE_URL_DEFAULT, siteOrigin } from './src/lib/site-url.ts';

// The site's public origin, declared in `env.schema` below. Astro's config cannot import
// astro:env, so it reads the value as Astro documents for config files, with Vite's loadEnv
// (the environment and any .env file), and siteOrigin stops the build on a value that is not an
// origin, naming SITE_URL (docs/decisions/117). Canonical links, Open Graph URLs, sitemap.xml and
// robots.txt are all built from it.
const siteDir = fileURLToPath(new URL('.', import.meta.url));
const site = siteOrigin(loadEnv(process.env.NODE_ENV ?? 'production', siteDir, '').SITE_URL);

export default defineConfig({
  site,
  env: {
    schema: {
      SITE_URL: envField.string({
        context: 'server',
        access: 'public',
        url: true,
        default: SITE_URL_DEFAULT,
      }),
    },
  },
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
