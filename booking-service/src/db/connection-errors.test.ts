import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { freePort } from '../testing/free-port.ts';
import { createDb } from './client.ts';
import { classSessions } from './schema.ts';
import {
  databaseUnreachableCause,
  isDatabaseUnreachable,
  transientConflictCause,
} from './connection-errors.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
const failedQuery = (cause: unknown) =>
  new DrizzleQueryError('select "id" from "sessions" where "id" = $1', ['x'], cause as Error);

describe('isDatabaseUnreachable', () => {
  it.each([
    [
      'a pg pool with no free connection in time',
      new Error('timeout exceeded when trying to connect'),
    ],
    ['a pg connect timeout', new Error('Connection terminated due to connection timeout')],
    ['a server that went away mid-query', new Error('Connection terminated unexpectedly')],
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a reset connection', withCode('read ECONNRESET', 'ECONNRESET')],
    ['an unknown host', withCode('getaddrinfo ENOTFOUND db.example', 'ENOTFOUND')],
    [
      '57P01 admin shutdown',
      withCode('terminating connection due to administrator command', '57P01'),
    ],
    ['57P03 cannot connect now', withCode('the database system is starting up', '57P03')],
    ['08006 connection failure', withCode('connection failure', '08006')],
    ['53300 too many connections', withCode('sorry, too many clients already', '53300')],
    ['a closed PGlite', new Error('PGlite is closed')],
    [
      'any of them inside drizzle’s DrizzleQueryError',
      failedQuery(withCode('connect', 'ECONNREFUSED')),
    ],
    [
      'several refused addresses (AggregateError)',
      new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], 'connect'),
    ],
    [
      'the WebSocket ErrorEvent of the Neon driver',
      failedQuery({ message: 'connect ECONNREFUSED 127.0.0.1:443', error: new Error('x') }),
    ],
  ])('recognises %s', (_name, error) => {
    expect(isDatabaseUnreachable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', failedQuery(withCode('duplicate key value', '23505'))],
    ['a deadlock', withCode('deadlock detected', '40P01')],
    ['a syntax error', withCode('syntax error at or near "selec"', '42601')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    [
      'a failed query whose parameters merely mention a connection error',
      new DrizzleQueryError(
        'insert into "enquiries" values ($1)',
        ['ECONNREFUSED'],
        new Error('x'),
      ),
    ],
    ['a string', 'timeout'],
    ['nothing', undefined],
  ])('does not mistake %s for an outage', (_name, error) => {
    expect(isDatabaseUnreachable(error)).toBe(false);
  });

  it('tells a deadlock or serialization failure (retry) apart from an outage and a bug', () => {
    const deadlock = failedQuery(withCode('deadlock detected', '40P01'));
    expect(transientConflictCause(deadlock)).toEqual({
      code: '40P01',
      message: 'deadlock detected',
    });
    expect(transientConflictCause(withCode('could not serialize access', '40001'))?.code).toBe(
      '40001',
    );
    expect(isDatabaseUnreachable(deadlock)).toBe(false);
    for (const other of [
      failedQuery(withCode('duplicate key value', '23505')),
      withCode('connect ECONNREFUSED', 'ECONNREFUSED'),
      new Error('40P01'),
      undefined,
    ]) {
      expect(transientConflictCause(other)).toBeUndefined();
    }
  });

  it('returns only the driver’s code and message, never the failed SQL', () => {
    const cause = databaseUnreachableCause(
      failedQuery(withCode('connect ECONNREFUSED', 'ECONNREFUSED')),
    );
    expect(cause).toEqual({ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED' });
  });

  it('recognises what the real drivers throw: pg to a closed port, a closed PGlite', async () => {
    const refused = await createDb({
      databaseUrl: `postgres://nobody:secret@127.0.0.1:${await freePort()}/none`,
      driver: 'pg',
    });
    const pgError = await refused.db
      .select()
      .from(classSessions)
      .catch((e: unknown) => e);
    await refused.close();
    expect(isDatabaseUnreachable(pgError)).toBe(true);

    const pglite = await createDb({ dataDir: 'memory://' });
    await pglite.close();
    const pgliteError = await pglite.db
      .select()
      .from(classSessions)
      .catch((e: unknown) => e);
    expect(isDatabaseUnreachable(pgliteError)).toBe(true);
  });
});
