import type { MiddlewareHandler } from 'hono';
import { type FieldError, ValidationError } from './problem.ts';

/*
 * One gate for bytes no route can use (docs/decisions/040). Postgres text cannot hold U+0000,
 * so a NUL that reaches a query fails it with a 500; other control characters are never
 * typed by a person. Checked once, before any route (better-auth's /api/auth/* included):
 *
 * - the path and every query key and value: malformed percent-encoding, and every C0 control
 *   character and DEL (a URL never legitimately carries a tab or a newline);
 * - every key and string of a JSON body: NUL, C0 controls except tab, newline and carriage
 *   return (multi-line text such as the contact message is legitimate), DEL, and unpaired
 *   UTF-16 surrogates (not encodable as UTF-8); malformed JSON; nesting deeper than any form.
 *
 * A refusal is the same 400 problem body a zod validation failure gives, naming the field.
 */

/** Deeper than any body a form of ours sends; stops pathological nesting before any parser. */
export const MAX_JSON_DEPTH = 32;

export const CONTROL_CHARACTER_MESSAGE = 'Contains a control character, which is not allowed.';
export const INVALID_TEXT_MESSAGE = 'Is not valid Unicode text.';
export const MALFORMED_ENCODING_MESSAGE = 'Has malformed percent-encoding.';

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const URL_CONTROL = /[\u0000-\u001f\u007f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const TEXT_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/** Half of a surrogate pair without its other half: no UTF-8 encoding exists for it. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function textProblem(value: string, control: RegExp): string | undefined {
  if (control.test(value)) return CONTROL_CHARACTER_MESSAGE;
  if (LONE_SURROGATE.test(value)) return INVALID_TEXT_MESSAGE;
  return undefined;
}

function decode(component: string): string | undefined {
  try {
    return decodeURIComponent(component);
  } catch {
    return undefined;
  }
}

/** The path's segments, decoded; the first problem found, if any. */
export function pathErrors(rawPath: string): FieldError[] {
  for (const segment of rawPath.split('/')) {
    const decoded = decode(segment);
    if (decoded === undefined) return [{ field: 'path', message: MALFORMED_ENCODING_MESSAGE }];
    const message = textProblem(decoded, URL_CONTROL);
    if (message) return [{ field: 'path', message }];
  }
  return [];
}

/** One error per offending query parameter, named by its (decoded) key. */
export function queryErrors(rawQuery: string): FieldError[] {
  const errors: FieldError[] = [];
  for (const pair of rawQuery.split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const rawKey = equals === -1 ? pair : pair.slice(0, equals);
    const rawValue = equals === -1 ? '' : pair.slice(equals + 1);
    const key = decode(rawKey.replaceAll('+', ' '));
    const field = key !== undefined && !textProblem(key, URL_CONTROL) ? key : 'query';
    if (key === undefined) {
      errors.push({ field, message: MALFORMED_ENCODING_MESSAGE });
      continue;
    }
    const value = decode(rawValue.replaceAll('+', ' '));
    const message =
      value === undefined
        ? MALFORMED_ENCODING_MESSAGE
        : (textProblem(key, URL_CONTROL) ?? textProblem(value, URL_CONTROL));
    if (message) errors.push({ field, message });
  }
  return errors;
}

/**
 * Walks a parsed JSON value without recursion (so depth cannot exhaust the stack), naming
 * each bad string by its dotted path, as ValidationError.fromZod names fields.
 */
export function jsonErrors(root: unknown): FieldError[] {
  const errors: FieldError[] = [];
  const stack: Array<{ value: unknown; path: string[] }> = [{ value: root, path: [] }];
  const fieldOf = (path: string[]) => (path.length > 0 ? path.join('.') : 'body');
  while (stack.length > 0 && errors.length < 20) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      const message = textProblem(value, TEXT_CONTROL);
      if (message) errors.push({ field: fieldOf(path), message });
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (path.length >= MAX_JSON_DEPTH) {
      errors.push({
        field: fieldOf(path),
        message: `Is nested deeper than ${MAX_JSON_DEPTH} levels.`,
      });
      continue;
    }
    for (const [key, child] of Object.entries(value)) {
      const keyProblem = textProblem(key, TEXT_CONTROL);
      if (keyProblem) {
        errors.push({ field: fieldOf(path), message: `A key ${keyProblem.toLowerCase()}` });
        continue;
      }
      stack.push({ value: child, path: [...path, key] });
    }
  }
  return errors.reverse();
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;

/** True for application/json and application/*+json, with or without parameters. */
export function isJsonContentType(contentType: string | undefined): boolean {
  return contentType !== undefined && JSON_TYPE.test(contentType.trim());
}

/**
 * The body is read from a clone, so every later reader (zod validators, the webhook's
 * signature check over the raw bytes, better-auth's handler) still sees the original stream.
 */
async function bodyErrors(request: Request): Promise<FieldError[]> {
  if (!request.body || !isJsonContentType(request.headers.get('content-type') ?? undefined)) {
    return [];
  }
  const text = await request.clone().text();
  if (text.trim() === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [{ field: 'body', message: 'Is not valid JSON.' }];
  }
  return jsonErrors(parsed);
}

/** Path and query checks, for every request (the site's static files too). */
export function urlHygiene(): MiddlewareHandler {
  return async (c, next) => {
    const url = new URL(c.req.url);
    const errors = pathErrors(url.pathname);
    if (errors.length === 0) errors.push(...queryErrors(url.search.slice(1)));
    if (errors.length > 0) throw new ValidationError(errors);
    await next();
  };
}

/** JSON body checks; mount after the body limit, which bounds what is read here. */
export function jsonBodyHygiene(): MiddlewareHandler {
  return async (c, next) => {
    const errors = await bodyErrors(c.req.raw);
    if (errors.length > 0) throw new ValidationError(errors);
    await next();
  };
}
