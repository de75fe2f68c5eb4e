import { createSchema } from 'sanity';
import { createStructureBuilder, type StructureResolverContext } from 'sanity/structure';
import { expect, it } from 'vitest';
import { LEGAL_SLUGS, legalPageDocumentId } from './schemaTypes/legal-page.ts';
import { SINGLETON_TYPES, schemaTypes } from './schemaTypes/index.ts';
import { structure } from './structure.ts';

interface SerializedItem {
  id: string;
  type: string;
  schemaType?: string | { name: string };
  child?: SerializedNode;
  items?: SerializedItem[];
}
interface SerializedNode extends SerializedItem {
  options?: { id: string; type: string };
}

/** Walks the serialized desk structure without a browser: what an editor can open. */
async function deskEntries() {
  const schema = createSchema({ name: 'structure-test', types: schemaTypes });
  // The builder only needs the schema and a translator to describe the panes.
  const source = { schema, i18n: { t: (key: string) => key } };
  const S = createStructureBuilder({ source } as unknown as Parameters<
    typeof createStructureBuilder
  >[0]);
  const root = await structure(S, { schema } as unknown as StructureResolverContext);
  const documents: { id: string; type: string }[] = [];
  const typeLists: string[] = [];
  const visit = (items: SerializedItem[]) => {
    for (const item of items) {
      const child = item.child;
      if (item.schemaType) {
        typeLists.push(
          typeof item.schemaType === 'string' ? item.schemaType : item.schemaType.name,
        );
      } else if (child?.type === 'document' && child.options) {
        documents.push(child.options);
      } else if (child?.items) {
        visit(child.items);
      }
    }
  };
  visit(
    (root as unknown as { serialize: (o: object) => SerializedNode }).serialize({ path: [] })
      .items ?? [],
  );
  return { documents, typeLists };
}

it('opens settings, pricing and every page as one fixed document', async () => {
  const { documents } = await deskEntries();
  expect(documents).toEqual(
    expect.arrayContaining([
      ...SINGLETON_TYPES.map((type) => ({ id: type, type })),
      ...LEGAL_SLUGS.map((slug) => ({ id: legalPageDocumentId(slug), type: 'legalPage' })),
    ]),
  );
  expect(documents).toHaveLength(SINGLETON_TYPES.length + LEGAL_SLUGS.length);
});

it('lists every other document type exactly once', async () => {
  const { typeLists } = await deskEntries();
  const fixed = new Set<string>([...SINGLETON_TYPES, 'legalPage']);
  const repeatable = schemaTypes.map((type) => type.name).filter((name) => !fixed.has(name));
  expect([...typeLists].sort()).toEqual([...repeatable].sort());
});
