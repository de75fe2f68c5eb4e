// Writes a Brotli (.br) and a gzip (.gz) copy beside every text file of the build, once, at
// the best compression levels: the booking service serves them to browsers that accept them
// (serveStatic's `precompressed`), so no page, style sheet or script is sent uncompressed and
// no request pays for compressing it.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const TEXT = /\.(html|css|js|mjs|json|svg|xml|txt|webmanifest|map)$/;
/** Below this a compressed copy saves too little to be worth a file. */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

async function* textFiles(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* textFiles(full);
    else if (TEXT.test(entry.name)) yield full;
  }
}

/** Compresses one file; answers the bytes saved by the Brotli copy. */
async function precompress(file) {
  const content = await readFile(file);
  if (content.length < MIN_BYTES) return 0;
  const [br, gzipped] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gz(content, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
  return content.length - br.length;
}

/** @returns {import('astro').AstroIntegration} */
export function precompressBuild() {
  return {
    name: 'precompress',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        let files = 0;
        let saved = 0;
        for await (const file of textFiles(root)) {
          const bytes = await precompress(file);
          if (bytes > 0) files += 1;
          saved += bytes;
        }
        logger.info(`${files} files precompressed (Brotli saves ${Math.round(saved / 1024)} KiB)`);
      },
    },
  };
}
