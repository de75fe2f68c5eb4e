import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';

// The generated query types (packages/content/src/sanity.types.ts) must be what TypeGen makes
// from today's schemas and queries; the content package type-checks its zod schemas against
// them. Regenerated into a temporary folder and compared, so a schema or query changed without
// `pnpm --filter studio typegen` fails here.

const run = promisify(execFile);
const studioDir = import.meta.dirname;
const sanityBin = path.join(studioDir, 'node_modules/.bin/sanity');
const committed = path.resolve(studioDir, '../packages/content/src/sanity.types.ts');
const queries = path.resolve(studioDir, '../packages/content/src/queries.ts');
let dir = '';

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  await rm(path.join(studioDir, `.sanity/typegen-test-${process.pid}.json`), { force: true });
});

/** The "Source:" comments name the query file relative to the output, which differs here. */
const withoutSourcePaths = (code: string) =>
  code
    .split('\n')
    .filter((line) => !line.startsWith('// Source: '))
    .join('\n');

it('packages/content/src/sanity.types.ts is up to date with the schemas and queries', async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'studio-typegen-'));
  const env = { ...process.env, SANITY_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' };
  // `schema extract --path` is taken relative to the Studio, even when absolute.
  const schemaPath = `.sanity/typegen-test-${process.pid}.json`;
  const schema = path.join(studioDir, schemaPath);
  await run(sanityBin, ['schema', 'extract', '--enforce-required-fields', '--path', schemaPath], {
    cwd: studioDir,
    env,
  });
  // Generated from a project root of its own: in the Studio, the CLI config's typegen paths
  // would win and overwrite the committed file.
  const generates = path.join(dir, 'sanity.types.ts');
  const typegen = { path: queries, schema, generates, overloadClientMethods: false };
  await writeFile(
    path.join(dir, 'sanity.cli.ts'),
    `export default { typegen: ${JSON.stringify(typegen)} };\n`,
  );
  await run(sanityBin, ['typegen', 'generate'], { cwd: dir, env });
  const fresh = withoutSourcePaths(await readFile(generates, 'utf8'));
  const current = withoutSourcePaths(await readFile(committed, 'utf8'));
  expect(current, 'run `npx -y pnpm@10 --filter studio typegen`').toBe(fresh);
}, 180_000);
