/**
 * `pnpm start` (local mode) reads the service's JSON log and prints this instead: one short line
 * per request ("12:01:02 GET /api/me 200 4 ms"), warnings and errors with their message, and
 * nothing for other info lines, so the start-up banner (URL, mailbox, demo logins) stays the last
 * thing on screen until something happens. Production keeps the JSON log as it is.
 *
 * Plain TypeScript without imports, so scripts/start.mjs can load it with Node's type stripping.
 */

const LEVEL_NAMES: Record<number, string> = { 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

/** A path to a built file (/_astro/x.js, /favicon.svg): not worth a line unless it failed. */
const ASSET_PATH = /\/[^/]+\.[a-z0-9]+$/i;

type Entry = Record<string, unknown>;

const isEntry = (value: unknown): value is Entry =>
  typeof value === 'object' && value !== null && typeof (value as Entry).level === 'number';

function clock(time: unknown): string {
  const date = typeof time === 'number' ? new Date(time) : new Date();
  return date.toTimeString().slice(0, 8);
}

function requestLine(entry: Entry): string | null {
  const { method, path, status, ms } = entry;
  if (typeof method !== 'string' || typeof path !== 'string' || typeof status !== 'number') {
    return null;
  }
  if (status < 400 && ASSET_PATH.test(path)) return null;
  const took = typeof ms === 'number' ? ` ${ms} ms` : '';
  return `${clock(entry.time)} ${method} ${path} ${status}${took}`;
}

function errorText(err: unknown): string {
  if (typeof err !== 'object' || err === null) return '';
  const { type, message } = err as { type?: unknown; message?: unknown };
  const parts = [type, message].filter((part) => typeof part === 'string');
  return parts.length > 0 ? `: ${parts.join(': ')}` : '';
}

/** The line to print for one line of output, or null to print nothing. Non-JSON passes through. */
export function localLogLine(line: string): string | null {
  let entry: unknown;
  try {
    entry = JSON.parse(line);
  } catch {
    return line;
  }
  if (!isEntry(entry)) return line;
  const level = entry.level as number;
  if (entry.msg === 'request' && level < 50) {
    const request = requestLine(entry);
    if (request !== null || level < 40) return request;
  }
  if (level < 40) return null;
  const name = LEVEL_NAMES[level] ?? 'WARN';
  const message = typeof entry.msg === 'string' ? entry.msg : '';
  return `${clock(entry.time)} ${name} ${message}${errorText(entry.err ?? entry.error)}`;
}
