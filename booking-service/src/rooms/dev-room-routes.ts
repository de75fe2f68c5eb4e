import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { noStore } from '../http/no-store.ts';
import { PROBLEM_CONTENT_TYPE, problemBody } from '../http/problem.ts';
import { createRouter } from '../http/router.ts';
import {
  type LocalRoomTwin,
  type RoomEntryRefusal,
  RoomEntryRefused,
} from './providers/local-room-twin.ts';
import {
  LOCAL_RECORDINGS_PATH,
  type LocalRecordingFiles,
  UnsafeRecordingKey,
} from './storage/local-recording-files.ts';

/*
 * The local room twin's own server (docs/decisions/098) and the local recording links
 * (docs/decisions/099): what LiveKit's server and a presigned S3 URL do in production. Mounted
 * only while the twin is the provider, never in production. Tokens travel in the Authorization
 * header and signatures in the query string, neither of which the request log records.
 */

export interface DevRoomRouteDeps {
  twin: LocalRoomTwin;
  files: LocalRecordingFiles;
}

/** A token that proves nothing is 401; a good token the room turns away is 403. */
const REFUSAL_STATUS: Record<RoomEntryRefusal, ContentfulStatusCode> = {
  'invalid-token': 401,
  expired: 401,
  'no-such-room': 403,
  'room-ended': 403,
  removed: 403,
  'room-full': 403,
};

const TITLES: Record<401 | 403, string> = { 401: 'Unauthorized', 403: 'Forbidden' };

/** The refusal as problem+json, with `code` set to its reason. */
function refused(c: Context, refusal: RoomEntryRefused): Response {
  const status = REFUSAL_STATUS[refusal.reason];
  const title = TITLES[status as 401 | 403] ?? 'Forbidden';
  const body = { ...problemBody(status, title, refusal.message), code: refusal.reason };
  return c.body(JSON.stringify(body), status, { 'Content-Type': PROBLEM_CONTENT_TYPE });
}

function bearerToken(c: Context): string {
  const header = c.req.header('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? '';
}

export function createDevRoomRoutes(deps: DevRoomRouteDeps) {
  const router = createRouter();
  router.use('/dev/rooms/*', noStore());
  router.use(`${LOCAL_RECORDINGS_PATH}/*`, noStore());

  /** Runs a twin call with the request's token, answering a refusal as a problem. */
  const withToken = async (c: Context, run: (token: string) => Promise<Response>) => {
    try {
      return await run(bearerToken(c));
    } catch (error) {
      if (error instanceof RoomEntryRefused) return refused(c, error);
      throw error;
    }
  };

  router.post('/dev/rooms/join', (c) =>
    withToken(c, async (token) => c.json(await deps.twin.join(token))),
  );

  router.get('/dev/rooms/participants', (c) =>
    withToken(c, async (token) => c.json(await deps.twin.seen(token))),
  );

  router.post('/dev/rooms/leave', (c) =>
    withToken(c, async (token) => {
      await deps.twin.leave(token);
      return c.body(null, 204);
    }),
  );

  router.get(`${LOCAL_RECORDINGS_PATH}/*`, async (c) => {
    c.header('Referrer-Policy', 'no-referrer');
    const key = c.req.path.slice(LOCAL_RECORDINGS_PATH.length + 1);
    const forbidden = () =>
      c.body(
        JSON.stringify(
          problemBody(403, 'Forbidden', 'This recording link is not valid or has expired.'),
        ),
        403,
        { 'Content-Type': PROBLEM_CONTENT_TYPE },
      );
    const check = deps.files.verify(key, c.req.query('expires'), c.req.query('signature'));
    if (check !== 'valid') return forbidden();
    let bytes: Buffer | undefined;
    try {
      bytes = await deps.files.read(key);
    } catch (error) {
      if (error instanceof UnsafeRecordingKey) return forbidden();
      throw error;
    }
    if (!bytes) {
      return c.body(
        JSON.stringify(problemBody(404, 'Not Found', 'The recording is no longer kept.')),
        404,
        { 'Content-Type': PROBLEM_CONTENT_TYPE },
      );
    }
    return c.body(new Uint8Array(bytes), 200, { 'Content-Type': 'video/mp4' });
  });

  return router;
}
