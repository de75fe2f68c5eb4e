// Keeps the reasoning on paper reachable: every decision record is listed in
// docs/decisions/README.md; every "decision NNN" / "decisions/NNN" cited in the code or the docs
// names a record that exists; every product-rules anchor cited names one of the headings of
// docs/product-rules.md; nothing cites "spec §N", a document the repository lacks; and no code
// comment (scripts, .astro files and stylesheets alike) cites an issue ("issue N") or a section of
// the spec ("the spec's … §N"): the tracker and the spec are not in the repository, so a comment
// cites the decision record or product rule that holds the reasoning. Run by `pnpm lint`; exits 1
// and names each problem with its file:line.
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
/** Where the code lives whose comments are checked for issue and spec-section citations. */
const CODE_DIRS = ['booking-service', 'site', 'studio', 'packages', 'scripts'];
const CODE_FILE = /\.(ts|tsx|mjs|js|astro|css)$/;
/** "issue N", also wrapped onto the comment's next line (`issue\n * 15`, `issue\n// 15`). */
const ISSUE_CITATION = /\bissues?[\s*/]+#?\d+/gi;
const SECTION_CITATION = /§\s*\d+/g;
/** A quoted string (where a `/*` is text) or a comment, unclosed ones running to the end. */
const CSS_STRING_OR_COMMENT = /"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|\/\*[\s\S]*?(?:\*\/|$)/g;
/** A `/` after one of these starts a regular expression, not a division. */
const REGEX_MAY_FOLLOW = new Set(['', ...'(,=:[!&|?{};+-*%~^']);

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

/**
 * The comments of JavaScript or TypeScript source, each as [offset, text]: `//` and `/* … *\/`,
 * with strings, template literals (and their `${…}`) and regular expressions skipped. A quote
 * with no partner on its line is text (an apostrophe in JSX), not the start of a string.
 */
function scriptComments(text, from = 0, to = text.length) {
  const comments = [];
  const resumeAt = []; // the brace depth at which each open template literal resumes
  let depth = 0;
  let prev = '';
  let i = from;
  const endOfLine = (at) => {
    const stop = text.indexOf('\n', at);
    return stop === -1 || stop > to ? to : stop;
  };
  const template = () => {
    while (i < to) {
      if (text[i] === '\\') i += 2;
      else if (text[i] === '`') {
        i += 1;
        prev = '`';
        return;
      } else if (text[i] === '$' && text[i + 1] === '{') {
        i += 2;
        resumeAt.push(depth);
        depth += 1;
        prev = '{';
        return;
      } else i += 1;
    }
  };
  while (i < to) {
    const c = text[i];
    const next = text[i + 1];
    if (c === '/' && next === '/') {
      const end = endOfLine(i);
      comments.push([i, text.slice(i, end)]);
      i = end;
    } else if (c === '/' && next === '*') {
      const stop = text.indexOf('*/', i + 2);
      const end = stop === -1 || stop + 2 > to ? to : stop + 2;
      comments.push([i, text.slice(i, end)]);
      i = end;
    } else if (c === "'" || c === '"') {
      let end = i + 1;
      while (end < to && text[end] !== c && text[end] !== '\n') end += text[end] === '\\' ? 2 : 1;
      i = text[end] === c ? end + 1 : i + 1;
      prev = c;
    } else if (c === '`') {
      i += 1;
      template();
    } else if (c === '/' && REGEX_MAY_FOLLOW.has(prev)) {
      let inClass = false;
      i += 1;
      while (i < to && text[i] !== '\n' && (inClass || text[i] !== '/')) {
        if (text[i] === '\\') i += 1;
        else if (text[i] === '[') inClass = true;
        else if (text[i] === ']') inClass = false;
        i += 1;
      }
      i += 1;
      prev = 'x';
    } else if (c === '}' && resumeAt.at(-1) === depth - 1) {
      depth -= 1;
      resumeAt.pop();
      i += 1;
      template();
    } else {
      if (c === '{') depth += 1;
      else if (c === '}') depth -= 1;
      if (!/\s/.test(c)) prev = c;
      i += 1;
    }
  }
  return comments;
}

/** The comments of an .astro file: frontmatter and scripts as code, then `<!-- -->` and `/* *\/`. */
function astroComments(text) {
  const frontmatter = text.match(/^---\n([\s\S]*?)\n---/);
  const bodyStart = frontmatter ? frontmatter[0].length : 0;
  const comments = frontmatter ? scriptComments(text, 4, 4 + frontmatter[1].length) : [];
  const body = text.slice(bodyStart);
  const scripts = [...body.matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script>/g)];
  for (const m of scripts) {
    const start = bodyStart + m.index + m[1].length;
    comments.push(...scriptComments(text, start, start + m[2].length));
  }
  const inScript = (at) =>
    scripts.some((m) => at >= bodyStart + m.index && at < bodyStart + m.index + m[0].length);
  for (const m of body.matchAll(/<!--[\s\S]*?-->|\/\*[\s\S]*?\*\//g)) {
    if (!inScript(bodyStart + m.index)) comments.push([bodyStart + m.index, m[0]]);
  }
  return comments.sort((a, b) => a[0] - b[0]);
}

/** The comments of a stylesheet, each as [offset, text]: `/* … *\/`, with strings skipped. */
function cssComments(text) {
  return [...text.matchAll(CSS_STRING_OR_COMMENT)]
    .filter((m) => m[0].startsWith('/*'))
    .map((m) => [m.index, m[0]]);
}

/** Runs of `//` lines joined into one comment, so a citation wrapped across two is still seen. */
function joinLineComments(text, comments) {
  const joined = [];
  for (const [offset, comment] of comments) {
    const last = joined.at(-1);
    const gap = last ? text.slice(last[0] + last[1].length, offset) : '';
    if (last?.[1].startsWith('//') && comment.startsWith('//') && /^[ \t]*\n[ \t]*$/.test(gap)) {
      last[1] += gap + comment;
    } else joined.push([offset, comment]);
  }
  return joined;
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
  const relative = path.relative(root, file);
  if (CODE_FILE.test(file) && CODE_DIRS.includes(relative.split(path.sep)[0])) {
    const comments = file.endsWith('.astro')
      ? astroComments(text)
      : file.endsWith('.css')
        ? cssComments(text)
        : scriptComments(text);
    for (const [offset, comment] of joinLineComments(text, comments)) {
      for (const match of comment.matchAll(ISSUE_CITATION)) {
        problems.push(
          `${where(offset + match.index)} cites "${match[0].replace(/[\s*/]+/g, ' ')}": cite its decision record (docs/decisions/NNN-*.md) or ${RULES_FILE}#area instead`,
        );
      }
      for (const match of comment.matchAll(SECTION_CITATION)) {
        problems.push(
          `${where(offset + match.index)} cites the spec's "${match[0]}": cite ${RULES_FILE}#area instead`,
        );
      }
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
  `citations: ${records.size - 1} decision records, all listed; every decision and product-rules citation resolves; no comment cites an issue or the spec`,
);
