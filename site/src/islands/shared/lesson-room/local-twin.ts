// The local twin of a lesson room (docs/decisions/098): the default provider, served by the
// booking service under its serverUrl (/dev/rooms). It has no video or audio; it only knows who
// is in the room. The browser joins with its token, polls who is here (which is also its
// heartbeat) and leaves. The token travels only in the Authorization header: never in a URL,
// a log line or storage. The twin's answers are not the API contract's, so they are checked by
// hand here.
import type { RoomRefusal } from './lesson-room-parts.tsx';

export interface TwinParticipant {
  identity: string;
  /** What everyone sees: the pupil's first name and surname initial ("Amira K."), or the tutor's. */
  name: string;
  /** The tutor. */
  host: boolean;
  joinedAt: string;
}

export interface TwinRoom {
  room: string;
  /** This browser's own identity in the room. */
  identity: string;
  participants: TwinParticipant[];
}

/** Why the twin refused a token (401/403 problem `code`). */
export const TWIN_REFUSALS = [
  'invalid-token',
  'expired',
  'no-such-room',
  'room-ended',
  'removed',
  'room-full',
] as const;
export type TwinRefusalCode = (typeof TWIN_REFUSALS)[number];

/** The twin said no, or could not be reached (`code` undefined). */
export class TwinRefusal extends Error {
  readonly code: TwinRefusalCode | undefined;
  readonly status: number;
  constructor(status: number, code: TwinRefusalCode | undefined) {
    super(`The lesson room refused the request (${status}${code ? ` ${code}` : ''})`);
    this.name = 'TwinRefusal';
    this.status = status;
    this.code = code;
  }
}

/** Every few seconds: who is here, and "still here" for this browser. */
export const TWIN_POLL_MS = 5000;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

function asParticipant(value: unknown): TwinParticipant | undefined {
  if (!isRecord(value)) return undefined;
  const { identity, name, host, joinedAt } = value;
  if (typeof identity !== 'string' || typeof name !== 'string') return undefined;
  return {
    identity,
    name,
    host: host === true,
    joinedAt: typeof joinedAt === 'string' ? joinedAt : '',
  };
}

/** The twin's answer to join and participants; throws when it is not that shape. */
export function asTwinRoom(body: unknown): TwinRoom {
  if (!isRecord(body) || typeof body.identity !== 'string' || !Array.isArray(body.participants)) {
    throw new TwinRefusal(502, undefined);
  }
  return {
    room: typeof body.room === 'string' ? body.room : '',
    identity: body.identity,
    participants: body.participants
      .map(asParticipant)
      .filter((p): p is TwinParticipant => p !== undefined),
  };
}

async function refusalOf(response: Response): Promise<TwinRefusal> {
  let code: unknown;
  try {
    code = ((await response.json()) as { code?: unknown }).code;
  } catch {
    // No problem body: the status alone says it.
  }
  const known = TWIN_REFUSALS.find((c) => c === code);
  return new TwinRefusal(response.status, known);
}

/** The twin's address for one action, from the entry's serverUrl (absolute or on this origin). */
export function twinUrl(serverUrl: string, action: 'join' | 'participants' | 'leave'): string {
  const base = new URL(serverUrl, globalThis.location?.origin ?? 'http://localhost');
  base.pathname = `${base.pathname.replace(/\/+$/, '')}/${action}`;
  return base.toString();
}

async function call(
  serverUrl: string,
  token: string,
  action: 'join' | 'participants' | 'leave',
  init: RequestInit = {},
): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(twinUrl(serverUrl, action), {
      ...init,
      // The token is the credential; the session cookie is not the twin's business.
      credentials: 'omit',
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
    });
  } catch {
    throw new TwinRefusal(0, undefined);
  }
  if (!response.ok) throw await refusalOf(response);
  return response;
}

export const localTwin = {
  join: async (serverUrl: string, token: string): Promise<TwinRoom> =>
    asTwinRoom(await (await call(serverUrl, token, 'join', { method: 'POST' })).json()),
  participants: async (serverUrl: string, token: string): Promise<TwinRoom> =>
    asTwinRoom(await (await call(serverUrl, token, 'participants')).json()),
  leave: async (serverUrl: string, token: string, keepalive = false): Promise<void> => {
    await call(serverUrl, token, 'leave', { method: 'POST', keepalive });
  },
} as const;

/** What a refusal means for the lesson view. */
export function twinRefusalKind(refusal: TwinRefusal): RoomRefusal {
  switch (refusal.code) {
    case 'room-ended':
    case 'expired':
      return 'ended';
    case 'removed':
      return 'removed';
    case 'room-full':
      return 'full';
    case 'invalid-token':
    case 'no-such-room':
      return 'stale';
    default:
      return 'failed';
  }
}
