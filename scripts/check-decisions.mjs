// Keeps the decision records honest: every record is listed in docs/decisions/README.md, and
// every "decision NNN" / "decisions/NNN" cited in the code or the docs names a record that
// exists. Run by `pnpm lint`; exits 1 and names each problem.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const decisionsDir = path.join(root, 'docs/decisions');
const SKIP = new Set(['node_modules', 'dist', '.e2e-dist', '.astro', '.sanity', '.git', '.data']);
const SCANNED = /\.(ts|tsx|mjs|js|astro|css|md|sql|json)$/;
const CITATION = /decisions?[/ ]0*(\d{1,3})\b/gi;

const records = new Map(
  readdirSync(decisionsDir)
    .map((name) => name.match(/^(\d{3})-.+\.md$/))
    .filter(Boolean)
    .map((m) => [Number(m[1]), m[0]]),
);

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (SCANNED.test(entry.name)) yield full;
  }
}

const problems = [];
const index = readFileSync(path.join(decisionsDir, 'README.md'), 'utf8');
for (const [number, name] of records) {
  if (number === 0) continue; // the template
  if (!index.includes(`(${name})`)) problems.push(`docs/decisions/README.md does not list ${name}`);
}
for (const file of files(root)) {
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(CITATION)) {
    const number = Number(match[1]);
    if (!records.has(number)) {
      const line = text.slice(0, match.index).split('\n').length;
      problems.push(
        `${path.relative(root, file)}:${line} cites decision ${match[1]}, which does not exist`,
      );
    }
  }
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(`decisions: ${records.size - 1} records, all listed, every citation resolves`);
