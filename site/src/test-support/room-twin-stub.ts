// The local room twin (docs/decisions/098) for island tests, beside the shared stub (api-stub.ts)
// that answers every /api route: join, participants and leave under the entry's serverUrl
// (/dev/rooms), each call kept with the Authorization it carried, so a test can check the token
// went in the header and nowhere else.
import { vi } from 'vitest';
import { type ApiStub, problem, type Routes, stubApi } from './api-stub.ts';

/** Where the twin's entries point in these tests. */
export const TWIN_SERVER_URL = 'http://localhost/dev/rooms';

export type TwinAction = 'join' | 'participants' | 'leave';

/** The twin's answer to join and participants. */
export interface TwinAnswer {
  room: string;
  identity: string;
  participants: { identity: string; name: string; host: boolean; joinedAt: string }[];
}

export interface TwinCall {
  action: TwinAction;
  method: string;
  url: string;
  authorization: string | null;
  credentials: RequestCredentials | undefined;
}

export type TwinRoutes = {
  [A in TwinAction]?:
    | (A extends 'leave' ? null : TwinAnswer)
    | Response
    | ((call: TwinCall) => (A extends 'leave' ? null : TwinAnswer) | Response);
};

/** The twin refusing a token, as it answers: 401 or 403 with a problem `code`. */
export const twinRefusal = (status: 401 | 403, code: string) =>
  problem(status, 'The room refused this token.', { code });

/** The service as `others` describes it, and the twin as `twin` does; every twin call kept. */
export function stubTwin(
  twin: TwinRoutes,
  others: Routes = {},
): { calls: TwinCall[]; api: ApiStub } {
  const api = stubApi(others);
  const calls: TwinCall[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const action = /^\/dev\/rooms\/(join|participants|leave)$/.exec(url.pathname)?.[1] as
      | TwinAction
      | undefined;
    if (!action) return api.fetch(input, init);
    const call: TwinCall = {
      action,
      method: (init?.method ?? 'GET').toUpperCase(),
      url: url.toString(),
      authorization: new Headers(init?.headers).get('Authorization'),
      credentials: init?.credentials,
    };
    calls.push(call);
    const handler = twin[action];
    if (handler === undefined) return problem(404, `no twin stub for ${action}`);
    const answer = typeof handler === 'function' ? handler(call) : handler;
    if (answer instanceof Response) return answer.clone();
    return answer === null ? new Response(null, { status: 204 }) : Response.json(answer);
  });
  return { calls, api };
}
