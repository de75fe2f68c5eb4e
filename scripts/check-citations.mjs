// Keeps the reasoning on paper reachable: every decision record is listed in
// docs/decisions/README.md; every "decision NNN" / "decisions/NNN" cited in the code or the docs
// names a record that exists; every product-rules anchor cited names one of the headings of
// docs/product-rules.md; and nothing cites "spec §N", a document the repository lacks. Run by `pnpm
// lint`; exits 1 and names each problem.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const decisionsDir = path.join(root, 'docs/decisions');
const SKIP = new Set(['node_modules', 'dist', '.e2e-dist', '.astro', '.sanity', '.git', '.data']);
const SCANNED = /\.(ts|tsx|mjs|js|astro|css|md|sql|json)$/;
const CITATION = /decisions?[/ ]0*(\d{1,3})\b/gi;
const RULES_FILE = 'docs/product-rules.md';
const RULES_CITATION = /product-rules\.md((?:#[a-z0-9-]+)(?:, #[a-z0-9-]+)*)/g;
const SPEC_CITATION = /\bspec §\d/gi;

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
const slug = (heading) =>
  heading
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, '')
    .trim()
    .replace(/ /g, '-');
const ruleAnchors = new Set(
  readFileSync(path.join(root, RULES_FILE), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('## '))
    .map((line) => slug(line.slice(3))),
);
const index = readFileSync(path.join(decisionsDir, 'README.md'), 'utf8');
for (const [number, name] of records) {
  if (number === 0) continue; // the template
  if (!index.includes(`(${name})`)) problems.push(`docs/decisions/README.md does not list ${name}`);
}
for (const file of files(root)) {
  const text = readFileSync(file, 'utf8');
  const where = (index) =>
    `${path.relative(root, file)}:${text.slice(0, index).split('\n').length}`;
  for (const match of text.matchAll(RULES_CITATION)) {
    for (const anchor of match[1].split(', #').map((a) => a.replace(/^#/, ''))) {
      if (!ruleAnchors.has(anchor))
        problems.push(
          `${where(match.index)} cites ${RULES_FILE}#${anchor}, which has no such heading`,
        );
    }
  }
  if (path.relative(root, file) !== RULES_FILE) {
    for (const match of text.matchAll(SPEC_CITATION)) {
      problems.push(`${where(match.index)} cites "${match[0]}": cite ${RULES_FILE}#area instead`);
    }
  }
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
console.log(
  `citations: ${records.size - 1} decision records, all listed; every decision and product-rules citation resolves`,
);
