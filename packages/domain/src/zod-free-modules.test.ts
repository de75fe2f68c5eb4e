import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Decision 124: a page that only needs a constant or a plain function from this package must not
// load zod and build every schema on arrival. The schemas live in their own modules; every other
// module, and whatever it imports, stays free of zod.
const here = import.meta.dirname;
const ALLOWED = new Set(['index.ts']);
const isSchemaModule = (file: string) => file.endsWith('-schemas.ts');

function importsOf(file: string): string[] {
  const source = readFileSync(path.join(here, file), 'utf8');
  return [...source.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s+'([^']+)'/gms)].map(
    (m) => m[1] as string,
  );
}

/** The chain of modules from `file` to zod, or null when `file` never loads it. */
function pathToZod(file: string, seen = new Set<string>()): string[] | null {
  if (seen.has(file)) return null;
  seen.add(file);
  for (const specifier of importsOf(file)) {
    if (specifier === 'zod' || specifier.startsWith('zod/')) return [file, specifier];
    if (!specifier.startsWith('.')) continue;
    const chain = pathToZod(path.normalize(specifier), seen);
    if (chain) return [file, ...chain];
  }
  return null;
}

const modules = readdirSync(here).filter(
  (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !isSchemaModule(f) && !ALLOWED.has(f),
);

describe('modules without schemas', () => {
  it('are found', () => {
    expect(modules).toContain('validation.ts');
    expect(modules).toContain('pupils.ts');
    expect(modules).toContain('timetable.ts');
    expect(modules).toContain('phone.ts');
  });

  it.each(modules)('%s loads no zod, directly or through another module', (file) => {
    expect(pathToZod(file)).toBeNull();
  });

  it('the check sees zod through a schema module', () => {
    expect(pathToZod('validation-schemas.ts')?.at(-1)).toMatch(/^zod/);
  });
});
