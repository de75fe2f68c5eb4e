import { createSchema } from 'sanity';
import { describe, expect, it } from 'vitest';
import { SINGLETON_TYPES, schemaTypes } from './index.ts';

interface SchemaProblemGroup {
  path: { name?: string }[];
  problems: { severity: string; message: string }[];
}

const compile = (types: unknown[]) => createSchema({ name: 'test', types });

const problemsOf = (schema: unknown, severity: string) =>
  ((schema as { _validation?: SchemaProblemGroup[] })._validation ?? []).flatMap((group) =>
    group.problems
      .filter((problem) => problem.severity === severity)
      .map(
        (problem) => `${group.path.map((segment) => segment.name).join('.')}: ${problem.message}`,
      ),
  );

describe('studio schema', () => {
  it('compiles with no errors and no warnings', () => {
    const schema = compile(schemaTypes);
    expect(problemsOf(schema, 'error')).toEqual([]);
    expect(problemsOf(schema, 'warning')).toEqual([]);
  });

  it('registers every singleton as a document type', () => {
    const schema = compile(schemaTypes);
    for (const name of SINGLETON_TYPES) {
      expect(schema.get(name)?.type?.name, name).toBe('document');
    }
  });

  // Guards the check above: a schema mistake must show up as a compile problem.
  it('reports a field of an unknown type', () => {
    const broken = {
      name: 'broken',
      type: 'document',
      fields: [{ name: 'title', type: 'strnig' }],
    };
    expect(problemsOf(compile([...schemaTypes, broken]), 'error')).toEqual([
      expect.stringContaining('Unknown type: strnig'),
    ]);
  });
});
