// @ts-check
/**
 * A PostCSS plugin that leaves out the Radix Themes component styles no island can render.
 *
 * The islands' sheet imports Radix Themes' prebuilt components.css (≈430 KiB), yet the site
 * uses under half of its components. Which ones it uses is known at build time: the names the
 * site imports from '@radix-ui/themes', plus every component those render internally (Button
 * renders BaseButton, which renders Spinner; menus render ScrollArea), found by following the
 * imports of Radix's own ES modules. A rule is dropped only when each of its selectors names a
 * component class (`.rt-Slider…`) of a component outside that set; everything else (reset,
 * theme root, layout and utility classes, keyframes) stays. Nothing is hand-listed, so a new
 * import in an island brings its styles with it on the next build.
 *
 * Radix also ships every size, margin and layout class once more for each of its five
 * breakpoints (`.md\:rt-r-size-2` inside `@media (width>=1024px)`): about 290 KiB of the sheet.
 * Those classes are only set when a prop is given a responsive object (`size={{ initial: '1',
 * md: '2' }}`). A breakpoint's rules stay when any of the site's source files writes that
 * breakpoint as an object key, and go otherwise (docs/decisions/129).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const siteRoot = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(join(siteRoot, 'package.json'));

/** `dropdown-menu` → `DropdownMenu`. @param {string} kebab */
const pascal = (kebab) =>
  kebab
    .split('-')
    .map((/** @type {string} */ word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');

/** `DropdownMenu` → `dropdown-menu`. @param {string} name */
const kebab = (name) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

/**
 * @param {string} dir
 * @returns {Generator<string>}
 */
function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.(tsx?|astro)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield path;
  }
}

/** The names the site's own code imports from '@radix-ui/themes'. */
export function importedRadixNames(srcDir = join(siteRoot, 'src')) {
  const names = new Set();
  const importPattern = /import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*['"]@radix-ui\/themes['"]/g;
  for (const file of sourceFiles(srcDir)) {
    for (const match of readFileSync(file, 'utf8').matchAll(importPattern)) {
      for (const part of (match[1] ?? '').split(',')) {
        const name = part
          .replace(/^\s*type\s+/, '')
          .split(/\s+as\s+/)[0]
          ?.trim();
        if (name) names.add(name);
      }
    }
  }
  return names;
}

/** Radix Themes' breakpoints (its `props/prop-def.js`), smallest first. */
export const RADIX_BREAKPOINTS = ['xs', 'sm', 'md', 'lg', 'xl'];

/**
 * The breakpoints the site's code may give a Radix prop: every breakpoint written as an object
 * key (`md: '2'`, `{ xs: 1 }`) in a source file. A key that is not a prop keeps its rules: safe.
 */
export function usedBreakpoints(srcDir = join(siteRoot, 'src')) {
  const used = new Set();
  const keyPattern = new RegExp(`(?:^|[{,\\s])(${RADIX_BREAKPOINTS.join('|')})\\s*:`, 'gm');
  for (const file of sourceFiles(srcDir)) {
    for (const match of readFileSync(file, 'utf8').matchAll(keyPattern)) used.add(match[1]);
  }
  return used;
}

/**
 * The Radix component classes (`rt-BaseDialogContent`, without the `rt-`) that the components
 * in `names` can render: every class named in their compiled modules and in the component
 * modules those import.
 * @param {Iterable<string>} names
 */
export function reachableClasses(names) {
  const componentsDir = join(
    dirname(require.resolve('@radix-ui/themes/package.json')),
    'dist/esm/components',
  );
  const seen = new Set();
  const queue = [...names]
    .map((name) => join(componentsDir, `${kebab(name)}.js`))
    .filter((path) => existsSync(path));
  while (queue.length > 0) {
    const file = /** @type {string} */ (queue.pop());
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    for (const match of code.matchAll(/from\s*["'](\.{1,2}\/[^"']+\.js)["']/g)) {
      const target = resolve(dirname(file), match[1] ?? '');
      // Only other component modules matter; helpers and props files carry no styles.
      if (!relative(componentsDir, target).startsWith('..') && existsSync(target)) {
        queue.push(target);
      }
    }
  }
  const classes = new Set();
  for (const file of seen) {
    for (const match of readFileSync(file, 'utf8').matchAll(/\brt-([A-Z][A-Za-z]*)/g)) {
      classes.add(match[1] ?? '');
    }
  }
  return classes;
}

/** Every component that has its own style sheet in Radix Themes (Pascal case). */
function styledComponents() {
  const cssDir = join(dirname(require.resolve('@radix-ui/themes/package.json')), 'src/components');
  const names = [];
  for (const dir of [cssDir, join(cssDir, '_internal')]) {
    for (const entry of readdirSync(dir)) {
      if (entry.endsWith('.css')) names.push(pascal(basename(entry, '.css')));
    }
  }
  // Longest first, so `.rt-DropdownMenuContent` belongs to DropdownMenu, not to a shorter name.
  return names.sort((a, b) => b.length - a.length);
}

/**
 * @param {{ used?: Set<string>, breakpoints?: Set<string> }} [options] components to keep,
 *   Pascal case, and breakpoints whose responsive classes to keep (default: both found from the
 *   site's source)
 * @returns {import('postcss').Plugin}
 */
export function radixSubset(options = {}) {
  const styled = styledComponents();
  const ownerOf = (/** @type {string} */ className) =>
    styled.find((name) => className.startsWith(name));
  const used =
    options.used ??
    new Set([...reachableClasses(importedRadixNames())].map(ownerOf).filter(Boolean));
  const breakpoints = options.breakpoints ?? usedBreakpoints();
  const unusedBreakpoints = RADIX_BREAKPOINTS.filter((name) => !breakpoints.has(name));
  // `.md\:rt-r-size-2`, also inside `:where(…)`: a class only a responsive prop sets.
  const responsiveClass = unusedBreakpoints.length
    ? new RegExp(`\\.(?:${unusedBreakpoints.join('|')})\\\\:`)
    : undefined;
  const unusedOnly = (/** @type {string} */ selector) => {
    if (responsiveClass?.test(selector)) return true;
    const classes = [...selector.matchAll(/\.rt-([A-Z][A-Za-z]*)/g)].map((m) => m[1] ?? '');
    return classes.some((name) => {
      const owner = ownerOf(name);
      return owner !== undefined && !used.has(owner);
    });
  };
  return {
    postcssPlugin: 'radix-subset',
    OnceExit(root) {
      root.walkRules((rule) => {
        if (rule.selectors.every(unusedOnly)) rule.remove();
      });
      // At-rules (media queries, @supports) left with nothing inside go too.
      root.walkAtRules((atRule) => {
        if (atRule.nodes && atRule.nodes.length === 0) atRule.remove();
      });
    },
  };
}
