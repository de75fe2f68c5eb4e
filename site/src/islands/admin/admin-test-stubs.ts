// What the admin island tests share: a fetch stub answering the admin API from a table of
// paths, and a problem+json answer. jsdom's gaps are filled for every test by vitest.setup.ts.
import { vi } from 'vitest';

export type Route = (url: URL, init: RequestInit | undefined) => Response | undefined;

/** Stubs fetch; each call goes to the first route that answers. Returns the calls made. */
export function stubAdminApi(...routes: Route[]): string[] {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push(`${init?.method ?? 'GET'} ${url.pathname}${url.search}`);
      for (const route of routes) {
        const answer = route(url, init);
        if (answer) return answer;
      }
      return Response.json({ title: 'Not Found', status: 404, detail: 'no stub' }, { status: 404 });
    }),
  );
  return calls;
}

export const problem = (status: number, detail: string) =>
  Response.json({ type: 'about:blank', title: 'Problem', status, detail }, { status });
