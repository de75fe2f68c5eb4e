// @vitest-environment node
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import {
  importedRadixNames,
  radixSubset,
  reachableClasses,
  usedBreakpoints,
} from '../../integrations/radix-subset.mjs';

const require = createRequire(import.meta.url);

async function subset(css: string, used?: Set<string>, breakpoints?: Set<string>): Promise<string> {
  const options = { ...(used ? { used } : {}), ...(breakpoints ? { breakpoints } : {}) };
  const result = await postcss([radixSubset(options)]).process(css, {
    from: undefined,
  });
  return result.css;
}

describe('the Radix Themes subset on app pages', () => {
  it('drops rules of components nobody uses and keeps the rest, utilities included', async () => {
    const out = await subset(
      [
        '.rt-Button { color: red }',
        '.rt-Slider { color: blue }',
        '.rt-SliderThumb:where(.rt-r-size-1) { color: green }',
        '.rt-Slider, .rt-Button:hover { color: pink }',
        '@media (min-width: 520px) { .rt-Slider { color: gray } }',
        '.rt-r-m-1 { margin: 1px }',
        '.radix-themes { color: black }',
      ].join('\n'),
      new Set(['Button']),
    );
    expect(out).toContain('.rt-Button { color: red }');
    expect(out).toContain('.rt-Slider, .rt-Button:hover');
    expect(out).toContain('.rt-r-m-1');
    expect(out).toContain('.radix-themes');
    expect(out).not.toContain('color: blue');
    expect(out).not.toContain('color: green');
    expect(out).not.toContain('@media');
  });

  it("finds the site's imports, written over several lines too", () => {
    const names = importedRadixNames();
    // admin-users.tsx imports these inside a multi-line import list.
    expect(names).toContain('DropdownMenu');
    expect(names).toContain('IconButton');
    expect(names).toContain('Theme');
  });

  it('keeps a rule for every class the imported components can render, and drops unused ones', async () => {
    const full = readFileSync(require.resolve('@radix-ui/themes/components.css'), 'utf8');
    const out = await subset(full);
    const kept = new Set([...out.matchAll(/\.rt-([A-Z][A-Za-z]*)/g)].map((m) => m[1]));
    // Button renders BaseButton, which renders Spinner while loading; menus render ScrollArea.
    for (const className of [
      'Button',
      'BaseButton',
      'Spinner',
      'BaseMenuContent',
      'ScrollAreaRoot',
    ]) {
      expect(reachableClasses(importedRadixNames())).toContain(className);
      expect(kept).toContain(className);
    }
    for (const unused of ['SliderRoot', 'TabsContent', 'ThemePanelSwatch', 'HoverCardContent']) {
      expect(full).toContain(`.rt-${unused}`);
      expect(kept).not.toContain(unused);
    }
    expect(out.length).toBeLessThan(full.length * 0.8);
  });

  it("keeps a breakpoint's responsive classes only when the site writes that breakpoint", async () => {
    const css = [
      '.rt-r-size-1 { margin: 1px }',
      '@media (width >= 768px) { .sm\\:rt-r-size-2 { margin: 2px } }',
      '@media (width >= 1024px) { .rt-Button:where(.md\\:rt-r-size-3) { margin: 3px } }',
      '@media (width >= 1024px) { .rt-Button { margin: 4px } }',
    ].join('\n');
    const none = await subset(css, new Set(['Button']), new Set());
    expect(none).toContain('margin: 1px');
    expect(none).not.toContain('margin: 2px');
    expect(none).not.toContain('margin: 3px');
    // A rule inside a breakpoint's media query without a responsive class is not Radix's copy.
    expect(none).toContain('margin: 4px');
    const md = await subset(css, new Set(['Button']), new Set(['md']));
    expect(md).not.toContain('margin: 2px');
    expect(md).toContain('margin: 3px');
  });

  it('finds a breakpoint written as a responsive prop in a source file', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'radix-src-'));
    try {
      writeFileSync(
        path.join(dir, 'card.tsx'),
        "export const Card = () => <Heading size={{ initial: '3',\n md: '5' }} />;\n",
      );
      expect([...usedBreakpoints(dir)]).toEqual(['md']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("leaves out the breakpoint copies the site's code never asks for", async () => {
    const full = readFileSync(require.resolve('@radix-ui/themes/utilities.css'), 'utf8');
    const out = await subset(full);
    expect(usedBreakpoints()).toEqual(new Set());
    expect(full).toContain('.md\\:rt-r-m-1');
    expect(out).not.toContain('.md\\:rt-r-m-1');
    expect(out).toContain('.rt-r-m-1');
    expect(out.length).toBeLessThan(full.length * 0.4);
  });
});
