// @vitest-environment node
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import {
  importedRadixNames,
  radixSubset,
  reachableClasses,
} from '../../integrations/radix-subset.mjs';

const require = createRequire(import.meta.url);

async function subset(css: string, used?: Set<string>): Promise<string> {
  const result = await postcss([radixSubset(used ? { used } : {})]).process(css, {
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
});
