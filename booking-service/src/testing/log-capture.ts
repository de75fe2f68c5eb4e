import { Writable } from 'node:stream';
import { createLogger, type Logger } from '../logging/logger.ts';

/** A real (redacting) logger whose JSON lines a test can read back. */
export function captureLogs(): {
  logger: Logger;
  lines: () => Record<string, unknown>[];
  raw: () => string;
} {
  const chunks: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  const logger = createLogger({ level: 'info' }, destination);
  const raw = () => chunks.join('');
  return {
    logger,
    raw,
    lines: () =>
      raw()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}
