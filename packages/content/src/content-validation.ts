import type { z } from 'zod';

/** One field of one CMS document that does not match its content type. */
export interface ContentProblem {
  /** The `_id` of the document to fix in the Studio, when the result names one. */
  documentId: string | undefined;
  documentType: string | undefined;
  /** Path of the field inside that document, e.g. "terms[1].units[0].date". */
  fieldPath: string;
  message: string;
}

/** A query result that breaks its content type: names the document and field to fix. */
export class ContentValidationError extends Error {
  override name = 'ContentValidationError';
  constructor(
    readonly contentName: string,
    readonly problems: ContentProblem[],
    readonly sourceDescription: string,
  ) {
    super(
      `Invalid ${contentName} content from the ${sourceDescription}:\n${problems
        .map((problem) => `  - ${describeProblem(problem)}`)
        .join('\n')}`,
    );
  }
}

/** A singleton or page that the dataset does not contain (or has not published). */
export class ContentNotFoundError extends Error {
  override name = 'ContentNotFoundError';
  constructor(
    readonly contentName: string,
    readonly sourceDescription: string,
  ) {
    super(`No published ${contentName} document in the ${sourceDescription}`);
  }
}

function describeProblem({ documentId, documentType, fieldPath, message }: ContentProblem) {
  const where = documentId
    ? `document "${documentId}"${documentType ? ` (${documentType})` : ''}`
    : 'query result';
  return `${where}, field ${fieldPath || '(the whole document)'}: ${message}`;
}

const isRecord = (value: unknown): value is Record<PropertyKey, unknown> =>
  value !== null && typeof value === 'object';

function formatPath(path: readonly PropertyKey[]): string {
  return path
    .map((segment, index) =>
      typeof segment === 'number' ? `[${segment}]` : `${index === 0 ? '' : '.'}${String(segment)}`,
    )
    .join('');
}

/**
 * Finds the innermost document (an object with a string `_id`) on the issue's path through
 * the raw result, so the error points an editor at the document and the field inside it.
 */
function locate(raw: unknown, path: readonly PropertyKey[]) {
  let owner: { id?: string; type?: string; depth: number } = { depth: 0 };
  let node: unknown = raw;
  for (let depth = 0; ; depth++) {
    if (isRecord(node) && typeof node._id === 'string') {
      owner = {
        id: node._id,
        type: typeof node._type === 'string' ? node._type : undefined,
        depth,
      };
    }
    if (depth === path.length || !isRecord(node)) break;
    node = node[path[depth] as PropertyKey];
  }
  return { documentId: owner.id, documentType: owner.type, fieldPath: path.slice(owner.depth) };
}

/** Parses a raw query result with its content type, or throws a ContentValidationError. */
export function parseContent<Schema extends z.ZodType>(
  schema: Schema,
  raw: unknown,
  contentName: string,
  sourceDescription: string,
): z.output<Schema> {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const { documentId, documentType, fieldPath } = locate(raw, issue.path);
    return { documentId, documentType, fieldPath: formatPath(fieldPath), message: issue.message };
  });
  throw new ContentValidationError(contentName, problems, sourceDescription);
}
