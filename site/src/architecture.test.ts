// @vitest-environment node
// The site's import rules, read from the source text (decision 043: islands by feature; what
// several features use lives in islands/shared/):
//
//   islands/<feature>/  may import its own folder, islands/shared/ and lib/
//   islands/shared/     may import islands/shared/ and lib/, never a feature
//   lib/                may import lib/ only
//   test-support/       test helpers: tests may import them, nothing else may
//
// and no module imports itself back through any chain of imports, lazy `import()` included.
// The features are the folders under islands/, so a new folder is held to the same rules. And
// the sizes a reader can take in: no island module over 300 lines, no function in site/src over
// 100 (tests aside, in both).
// Imports are read with TypeScript's own pre-processor (comments and strings cannot fool it);
// packages are not the site's modules and are left out.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = path.dirname(fileURLToPath(import.meta.url));
const MODULE = /\.(ts|tsx|mts|js|mjs|astro|css)$/;
const SHARED = 'islands/shared';
const TEST_SUPPORT = 'test-support';

/**
 * Imports the rules allow for now, each with its reason. Each must still exist (the last test
 * says so), so a fixed one is taken off the list.
 */
const KNOWN_EXCEPTIONS: ReadonlyArray<{ from: string; to: string; why: string }> = [];

/** Every module under src/, as a path relative to it with forward slashes. */
function modulesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return modulesUnder(full);
    return MODULE.test(name) ? [path.relative(SRC, full).split(path.sep).join('/')] : [];
  });
}

/** The script parts of an .astro file: its frontmatter and its <script> elements. */
function astroScripts(text: string): string {
  const frontmatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? '';
  const scripts = [...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  return [frontmatter, ...scripts].join('\n');
}

/** The specifiers a module imports: static, re-exported, side-effect and lazy `import()`. */
function importSpecifiers(text: string, file = 'module.ts'): string[] {
  if (file.endsWith('.css')) {
    return [...text.matchAll(/@import\s+(?:url\()?["']([^"']+)["']/g)].map((m) => m[1] ?? '');
  }
  const source = file.endsWith('.astro') ? astroScripts(text) : text;
  return ts.preProcessFile(source, true, true).importedFiles.map((f) => f.fileName);
}

/**
 * The module a relative specifier names, or undefined for a package or a file outside src/ (the
 * build's own integrations, which a test may check). Throws when the file is missing.
 */
function resolve(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  // Vite's suffixes (`?url`, `?raw`) name the same file.
  const bare = specifier.replace(/\?.*$/, '');
  const target = path.posix.normalize(path.posix.join(path.posix.dirname(from), bare));
  if (target.startsWith('../')) return undefined;
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`]) {
    const full = path.join(SRC, candidate);
    if (existsSync(full) && statSync(full).isFile()) return candidate;
  }
  throw new Error(`${from} imports ${specifier}, which does not exist`);
}

type Graph = ReadonlyMap<string, readonly string[]>;

function siteGraph(): Graph {
  const graph = new Map<string, string[]>();
  for (const file of modulesUnder(SRC)) {
    const text = readFileSync(path.join(SRC, file), 'utf8');
    const targets = importSpecifiers(text, file)
      .map((specifier) => resolve(file, specifier))
      .filter((target): target is string => target !== undefined);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file);
const within = (file: string, folder: string) => file.startsWith(`${folder}/`);

/** The island features: every folder under islands/ except shared/. */
function islandFeatures(): string[] {
  return readdirSync(path.join(SRC, 'islands')).filter(
    (name) => name !== 'shared' && statSync(path.join(SRC, 'islands', name)).isDirectory(),
  );
}

/** Why `from` may not import `to` under the rules above, or undefined when it may. */
function boundaryProblem(
  from: string,
  to: string,
  features: readonly string[],
): string | undefined {
  const allowed: string[] = [];
  const feature = features.find((name) => within(from, `islands/${name}`));
  if (feature) allowed.push(`islands/${feature}`, SHARED, 'lib');
  else if (within(from, SHARED)) allowed.push(SHARED, 'lib');
  else if (within(from, 'lib')) allowed.push('lib');
  else if (within(from, TEST_SUPPORT)) allowed.push(TEST_SUPPORT, 'lib');
  const testSupport = within(to, TEST_SUPPORT);
  if (testSupport && !isTest(from) && !within(from, TEST_SUPPORT)) {
    return `${from} is not a test but imports the test helper ${to}`;
  }
  if (allowed.length === 0 || testSupport) return undefined;
  if (allowed.some((folder) => within(to, folder))) return undefined;
  return `${from} imports ${to}; it may import only ${allowed.join('/, ')}/`;
}

/** One import cycle per group of modules that reach each other, as a closed path a → … → a. */
function importCycles(graph: Graph): string[][] {
  const cycles: string[][] = [];
  const done = new Set<string>();
  const onPath = new Map<string, number>();
  const trail: string[] = [];
  const visit = (node: string) => {
    onPath.set(node, trail.length);
    trail.push(node);
    for (const next of graph.get(node) ?? []) {
      const at = onPath.get(next);
      if (at !== undefined) cycles.push([...trail.slice(at), next]);
      else if (!done.has(next)) visit(next);
    }
    trail.pop();
    onPath.delete(node);
    done.add(node);
  };
  for (const node of graph.keys()) if (!done.has(node)) visit(node);
  return cycles;
}

describe('the site’s imports', () => {
  const graph = siteGraph();
  const features = islandFeatures();
  const edges = [...graph].flatMap(([from, targets]) => targets.map((to) => ({ from, to })));
  const excepted = (from: string, to: string) =>
    KNOWN_EXCEPTIONS.some((e) => e.from === from && e.to === to);

  it('reads the whole site: every feature, hundreds of modules and imports', () => {
    expect(features).toEqual(expect.arrayContaining(['account', 'admin', 'auth', 'booking']));
    expect(graph.size).toBeGreaterThan(150);
    expect(edges.length).toBeGreaterThan(400);
    // Lazy imports are edges too: /admin loads its lower sections on approach.
    expect(graph.get('islands/admin/admin-dashboard.tsx')).toContain(
      'islands/admin/admin-sessions.tsx',
    );
  });

  it('keeps each island feature to its own folder, islands/shared/ and lib/', () => {
    const problems = edges
      .filter(({ from, to }) => !excepted(from, to))
      .map(({ from, to }) => boundaryProblem(from, to, features))
      .filter(Boolean);
    expect(problems).toEqual([]);
  });

  it('has no import cycle, lazy imports included', () => {
    expect(importCycles(graph).map((cycle) => cycle.join(' → '))).toEqual([]);
  });

  it('still needs every exception it allows', () => {
    const stale = KNOWN_EXCEPTIONS.filter((e) => !graph.get(e.from)?.includes(e.to));
    expect(stale).toEqual([]);
  });
});

const MAX_ISLAND_LINES = 300;
const MAX_FUNCTION_LINES = 100;

/** The functions of a module longer than `max` lines, as "name (n lines)". */
function longFunctions(text: string, file: string, max: number): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const lineOf = (position: number) => source.getLineAndCharacterOfPosition(position).line;
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const lines = lineOf(node.getEnd()) - lineOf(node.getStart(source)) + 1;
      const name = node.name && ts.isIdentifier(node.name) ? node.name.text : '(anonymous)';
      if (lines > max) found.push(`${name} (${lines} lines)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the site’s sizes', () => {
  const sources = modulesUnder(SRC).filter((file) => /\.tsx?$/.test(file) && !isTest(file));
  const text = (file: string) => readFileSync(path.join(SRC, file), 'utf8');

  it(`keeps every island module to ${MAX_ISLAND_LINES} lines`, () => {
    const long = sources
      .filter((file) => within(file, 'islands'))
      .map((file) => ({ file, lines: text(file).trimEnd().split('\n').length }))
      .filter(({ lines }) => lines > MAX_ISLAND_LINES);
    expect(long).toEqual([]);
  });

  it(`keeps every function to ${MAX_FUNCTION_LINES} lines`, () => {
    const long = sources.flatMap((file) =>
      longFunctions(text(file), file, MAX_FUNCTION_LINES).map((f) => `${file}: ${f}`),
    );
    expect(long).toEqual([]);
  });
});

describe('the checks themselves', () => {
  it('read lazy, side-effect and re-exported imports, and skip comments and strings', () => {
    const text = [
      "import { a } from './a.ts';",
      "// import { b } from './commented.ts';",
      "const c = lazy(() => import('./lazy.tsx'));",
      "import './styles.css';",
      "export { d } from '../d.ts';",
      "const glob = 'src/**/*.ts'; /* import('./block.ts') */",
    ].join('\n');
    expect(importSpecifiers(text)).toEqual(['./a.ts', './lazy.tsx', './styles.css', '../d.ts']);
    expect(importSpecifiers("---\nimport X from '../x.tsx';\n---\n<X />", 'page.astro')).toEqual([
      '../x.tsx',
    ]);
  });

  it('find a cycle in a small graph, and none once it is broken', () => {
    const graph = new Map([
      ['basket', ['bar']],
      ['bar', ['basket-parts', 'basket']],
      ['basket-parts', []],
      ['page', ['basket']],
    ]);
    expect(importCycles(graph)).toEqual([['basket', 'bar', 'basket']]);
    graph.set('bar', ['basket-parts']);
    expect(importCycles(graph)).toEqual([]);
    expect(importCycles(new Map([['self', ['self']]]))).toEqual([['self', 'self']]);
  });

  it('measure a function from its first line to its last', () => {
    const body = Array.from({ length: 4 }, (_, i) => `  const a${i} = ${i};`).join('\n');
    const text = `export function four() {\n${body}\n}\nconst short = () => 1;`;
    expect(longFunctions(text, 'x.ts', 5)).toEqual(['four (6 lines)']);
    expect(longFunctions(text, 'x.ts', 6)).toEqual([]);
  });

  it('refuse a feature importing another feature, and shared importing a feature', () => {
    const features = ['admin', 'booking'];
    expect(boundaryProblem('islands/admin/x.tsx', 'islands/booking/y.tsx', features)).toBeDefined();
    expect(boundaryProblem('islands/shared/x.tsx', 'islands/admin/y.tsx', features)).toBeDefined();
    expect(boundaryProblem('lib/x.ts', 'islands/shared/y.tsx', features)).toBeDefined();
    expect(boundaryProblem('islands/admin/x.tsx', 'test-support/y.ts', features)).toBeDefined();
    expect(
      boundaryProblem('islands/admin/x.test.tsx', 'test-support/y.ts', features),
    ).toBeUndefined();
    expect(
      boundaryProblem('islands/admin/x.tsx', 'islands/shared/y.tsx', features),
    ).toBeUndefined();
    expect(boundaryProblem('islands/admin/x.tsx', 'lib/y.ts', features)).toBeUndefined();
    expect(boundaryProblem('pages/a.astro', 'islands/admin/y.tsx', features)).toBeUndefined();
  });
});
