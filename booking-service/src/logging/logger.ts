import pino, { type Logger } from 'pino';

export type { Logger };

/**
 * Safety net for feature code that logs objects: whatever sits under these keys is
 * censored. The request log itself records only method, path (no query string), status,
 * duration and request id, never headers or bodies.
 */
export const REDACTED_PATHS = [
  'password',
  'currentPassword',
  'newPassword',
  'confirmPassword',
  'token',
  'accessToken',
  'refreshToken',
  'idToken',
  'secret',
  'cookie',
  'cookies',
  'authorization',
  'card',
  'cardNumber',
  'cvc',
  'headers.cookie',
  'headers.authorization',
  'headers["set-cookie"]',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.confirmPassword',
  '*.token',
  '*.accessToken',
  '*.refreshToken',
  '*.idToken',
  '*.secret',
  '*.cookie',
  '*.authorization',
  '*.card',
  '*.cardNumber',
  '*.cvc',
];

export function createLogger(
  options: { level?: string } = {},
  destination?: pino.DestinationStream,
): Logger {
  return pino(
    {
      level: options.level ?? 'info',
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      base: { service: 'booking-service' },
    },
    destination,
  );
}
