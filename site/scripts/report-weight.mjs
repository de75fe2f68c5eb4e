#!/usr/bin/env node
// Reports what each built route makes a visitor download (HTML, JS, CSS; raw and gzip) and
// fails when a page goes over the speed budget. It reads only dist/, so run `astro build` first.
//
// For every HTML file it follows the page's own <script src>, <link rel="stylesheet">,
// <link rel="modulepreload"> and each island's component-url / renderer-url /
// before-hydration-url, then every static import inside those files, recursively. Inline
// <script> and <style> count towards the HTML weight, where the browser pays for them.
// Code behind dynamic import() (loaded on demand, e.g. after a click) is shown in its own
// "lazy JS" column and is not held to the budget.
//
// Budgets (gzip): content pages JS <= 70 KiB, CSS <= 25 KiB, HTML <= 40 KiB. Pages whose
// <html> carries data-page-kind="app" (the React-island application pages that load Radix
// Themes' component stylesheet) are held to the looser app budget below instead.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const KIB = 1024;
const BUDGETS = {
  content: { js: 70 * KIB, css: 25 * KIB, html: 40 * KIB },
  // App pages carry Radix Themes' component sheet, subset at build time (docs/decisions/129).
  app: { js: 200 * KIB, css: 45 * KIB, html: 40 * KIB },
};

const siteRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const distDir = resolve(siteRoot, process.argv[2] ?? 'dist');

if (!existsSync(distDir)) {
  console.error(`No build found at ${distDir}. Run \`astro build\` first.`);
  process.exit(2);
}

/** @type {Map<string, {raw: number, gzip: number}>} */
const sizeCache = new Map();
function sizeOf(file) {
  let size = sizeCache.get(file);
  if (!size) {
    const bytes = readFileSync(file);
    size = { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
    sizeCache.set(file, size);
  }
  return size;
}

function htmlFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return htmlFiles(path);
    return name.endsWith('.html') ? [path] : [];
  });
}

/** Resolves a URL found in a page or module to a file in dist/, or null when it is external. */
function toDistFile(url, fromFile) {
  if (/^(?:[a-z]+:)?\/\//i.test(url) || url.startsWith('data:')) return null;
  const path = url.split(/[?#]/)[0];
  if (!path) return null;
  const file = path.startsWith('/') ? join(distDir, path) : resolve(dirname(fromFile), path);
  return existsSync(file) && statSync(file).isFile() ? file : null;
}

function attr(tag, name) {
  const match = tag.match(new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i'));
  return match ? (match[1] ?? match[2] ?? match[3] ?? '') : null;
}

/**
 * A JS module's imports: `static` ones (import/export ... from) load with the page; `dynamic`
 * ones (import()) load later, on demand (a lazily loaded menu, say), so they are reported but
 * not held to the page budget. Bundlers write specifiers in quotes or backticks.
 */
function jsImports(file) {
  const source = readFileSync(file, 'utf8');
  const resolveAll = (patterns) => {
    const specifiers = new Set();
    for (const pattern of patterns) {
      for (const match of source.matchAll(pattern)) if (match[1]) specifiers.add(match[1]);
    }
    return [...specifiers].map((s) => toDistFile(s, file)).filter(Boolean);
  };
  return {
    static: resolveAll([
      /\bimport\s*(?:[\w$*{}\s,]+\s*from\s*)?["'`]([^"'`]+)["'`]/g,
      /\bexport\s*[\w$*{}\s,]*\s*from\s*["'`]([^"'`]+)["'`]/g,
    ]),
    dynamic: resolveAll([/\bimport\s*\(\s*["'`]([^"'`$]+)["'`]\s*\)/g]),
  };
}

function cssImports(file) {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/@import\s+(?:url\()?["']?([^"')\s;]+)/g)]
    .map((m) => toDistFile(m[1], file))
    .filter(Boolean);
}

function measurePage(htmlFile) {
  const html = readFileSync(htmlFile, 'utf8');
  const js = new Set();
  const lazyJs = new Set();
  const css = new Set();
  const pendingJs = [];
  const pendingLazy = [];
  const addJs = (file) => {
    if (file && !js.has(file)) {
      js.add(file);
      pendingJs.push(file);
    }
  };
  const addLazy = (file) => {
    if (file && !js.has(file) && !lazyJs.has(file)) {
      lazyJs.add(file);
      pendingLazy.push(file);
    }
  };
  const addCss = (file) => {
    if (!file || css.has(file)) return;
    css.add(file);
    for (const imported of cssImports(file)) addCss(imported);
  };

  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attr(tag, 'src');
    if (src) addJs(toDistFile(src, htmlFile));
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attr(tag, 'rel') ?? '').toLowerCase().split(/\s+/);
    const href = attr(tag, 'href');
    if (!href) continue;
    if (rel.includes('stylesheet')) addCss(toDistFile(href, htmlFile));
    if (rel.includes('modulepreload')) addJs(toDistFile(href, htmlFile));
  }
  for (const [tag] of html.matchAll(/<astro-island\b[^>]*>/gi)) {
    for (const name of ['component-url', 'renderer-url', 'before-hydration-url']) {
      const url = attr(tag, name);
      if (url) addJs(toDistFile(url.replaceAll('&amp;', '&'), htmlFile));
    }
  }
  while (pendingJs.length > 0) {
    const imports = jsImports(pendingJs.pop());
    for (const imported of imports.static) addJs(imported);
    for (const imported of imports.dynamic) addLazy(imported);
  }
  // What loads on demand later: dynamic imports and everything they pull in that the page
  // has not already loaded.
  while (pendingLazy.length > 0) {
    const imports = jsImports(pendingLazy.pop());
    for (const imported of [...imports.static, ...imports.dynamic]) addLazy(imported);
  }
  for (const file of js) lazyJs.delete(file);

  const total = (files) =>
    [...files].reduce(
      (sum, file) => {
        const size = sizeOf(file);
        return { raw: sum.raw + size.raw, gzip: sum.gzip + size.gzip };
      },
      { raw: 0, gzip: 0 },
    );
  const kind = /<html\b[^>]*\sdata-page-kind\s*=\s*["']?app/i.test(html) ? 'app' : 'content';
  return { kind, html: sizeOf(htmlFile), js: total(js), lazyJs: total(lazyJs), css: total(css) };
}

function routeOf(htmlFile) {
  const rel = relative(distDir, htmlFile).split(sep).join('/');
  if (rel === 'index.html') return '/';
  if (rel.endsWith('/index.html')) return `/${rel.slice(0, -'/index.html'.length)}`;
  return `/${rel.replace(/\.html$/, '')}`;
}

const kb = (bytes) => (bytes / KIB).toFixed(1);
const rows = htmlFiles(distDir)
  .map((file) => ({ route: routeOf(file), ...measurePage(file) }))
  .sort((a, b) => a.route.localeCompare(b.route));

const failures = [];
const table = rows.map((row) => {
  const budget = BUDGETS[row.kind];
  const over = ['js', 'css', 'html'].filter((part) => row[part].gzip > budget[part]);
  for (const part of over) {
    failures.push(
      `${row.route}: ${part.toUpperCase()} ${kb(row[part].gzip)} KiB gzip > budget ${kb(budget[part])} KiB (${row.kind} page)`,
    );
  }
  return {
    route: row.route,
    kind: row.kind,
    'JS raw': kb(row.js.raw),
    'JS gz': kb(row.js.gzip),
    'lazy JS gz': kb(row.lazyJs.gzip),
    'CSS raw': kb(row.css.raw),
    'CSS gz': kb(row.css.gzip),
    'HTML raw': kb(row.html.raw),
    'HTML gz': kb(row.html.gzip),
    budget: over.length === 0 ? 'ok' : `OVER (${over.join(', ')})`,
  };
});

const columns = Object.keys(table[0] ?? { route: '' });
const widths = columns.map((c) => Math.max(c.length, ...table.map((r) => String(r[c]).length)));
const line = (cells) =>
  cells.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
console.log(`Page weight in KiB (gzip level 9), from ${relative(process.cwd(), distDir) || '.'}`);
console.log(line(columns));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const row of table) console.log(line(columns.map((c) => String(row[c]))));
console.log(
  `\nBudgets (gzip): content pages JS ${kb(BUDGETS.content.js)} / CSS ${kb(BUDGETS.content.css)} / HTML ${kb(BUDGETS.content.html)} KiB; ` +
    `app pages JS ${kb(BUDGETS.app.js)} / CSS ${kb(BUDGETS.app.css)} / HTML ${kb(BUDGETS.app.html)} KiB.`,
);

if (failures.length > 0) {
  console.error(`\n${failures.length} over budget:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log(`All ${rows.length} pages within their budgets.`);
