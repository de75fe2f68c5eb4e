import * as contract from '@tuition/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SESSION_SCHEMES } from './auth/middleware.ts';
import { api } from './testing/auth-helpers.ts';
import { createTestApp, type TestApp } from './testing/test-app.ts';

/*
 * The OpenAPI document and @tuition/api-contract are one source: every schema a route
 * declares (query, path, body, each response) is an object exported by the contract, each named
 * component is the contract schema of that id, and the document says truthfully which
 * operations need the session cookie.
 */

type Security = Record<string, string[]>[];
interface Operation {
  operationId?: string;
  security?: Security;
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: unknown;
  responses: Record<string, unknown>;
}
interface Document {
  servers?: Array<{ url: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, { properties?: Record<string, unknown>; required?: string[] }>;
    securitySchemes: Record<string, { type: string; in?: string; name?: string }>;
  };
}
interface RouteDefinition {
  type: string;
  route?: {
    method: string;
    path: string;
    request?: {
      query?: z.ZodType;
      params?: z.ZodType;
      body?: { content: Record<string, { schema: z.ZodType }> };
    };
    responses: Record<string, { content?: Record<string, { schema: z.ZodType }> }>;
  };
}

const isSchema = (value: unknown): value is z.ZodType =>
  typeof value === 'object' && value !== null && '_zod' in value;

/** Every zod schema the contract exports, by export name. */
const contractSchemas = new Map<string, z.ZodType>(
  Object.entries(contract as Record<string, unknown>).flatMap(([name, value]) =>
    isSchema(value) ? [[name, value] as const] : [],
  ),
);
const contractObjects = new Set<z.ZodType>(contractSchemas.values());

/** The contract's schemas by their OpenAPI name (`.meta({ id })`). */
const contractById = new Map(
  [...contractSchemas.values()].flatMap((schema) => {
    const id = schema.meta()?.id;
    return typeof id === 'string' ? [[id, schema] as const] : [];
  }),
);

const signedIn: Security = [
  { [SESSION_SCHEMES.development]: [] },
  { [SESSION_SCHEMES.production]: [] },
];

describe('OpenAPI document and API contract', () => {
  let t: TestApp;
  let doc: Document;
  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ method, path, op })),
    );

  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://tuition.test' } });
    doc = (await (await t.app.request('/api/openapi.json')).json()) as Document;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('declares every query, path, body and response schema from the contract', () => {
    const definitions = t.app.openAPIRegistry.definitions as unknown as RouteDefinition[];
    const routes = definitions.flatMap((d) => (d.type === 'route' && d.route ? [d.route] : []));
    expect(routes.length).toBe(operations().length);
    const foreign: string[] = [];
    for (const route of routes) {
      const where = `${route.method.toUpperCase()} ${route.path}`;
      const declared: Array<[string, z.ZodType | undefined]> = [
        ['query', route.request?.query],
        ['params', route.request?.params],
        ...Object.entries(route.request?.body?.content ?? {}).map(
          ([type, c]) => [`body ${type}`, c.schema] as [string, z.ZodType],
        ),
        ...Object.entries(route.responses).flatMap(([status, response]) =>
          Object.entries(response.content ?? {}).map(
            ([type, c]) => [`${status} ${type}`, c.schema] as [string, z.ZodType],
          ),
        ),
      ];
      for (const [what, schema] of declared) {
        if (schema !== undefined && !contractObjects.has(schema)) foreign.push(`${where}: ${what}`);
      }
    }
    expect(foreign).toEqual([]);
  });

  it('names each component after the contract schema it was generated from', () => {
    for (const [name, component] of Object.entries(doc.components.schemas)) {
      const source = contractById.get(name);
      expect(source, `component ${name} has no contract schema`).toBeDefined();
      // The same fields and the same required ones as zod's own JSON Schema of it.
      const generated = z.toJSONSchema(source as z.ZodType, {
        io: 'input',
        unrepresentable: 'any',
      }) as { $defs?: Record<string, { properties?: object; required?: string[] }> };
      const expected = generated.$defs?.[name];
      expect(Object.keys(component.properties ?? {}).sort(), name).toEqual(
        Object.keys(expected?.properties ?? {}).sort(),
      );
      expect([...(component.required ?? [])].sort(), name).toEqual(
        [...(expected?.required ?? [])].sort(),
      );
    }
  });

  it('documents the conflict codes the problem body can carry, from the contract', () => {
    const problem = doc.components.schemas.Problem as {
      properties: { code: { enum: string[] } };
    };
    expect(problem.properties.code.enum).toEqual([...contract.PROBLEM_CODES]);
  });

  it('gives every operation a unique camelCase operationId', () => {
    const ids = operations().map(({ op }) => op.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][a-zA-Z0-9]*$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('names the server and the session cookie under both its names', () => {
    expect(doc.servers).toEqual([expect.objectContaining({ url: 'https://tuition.test' })]);
    const schemes = doc.components.securitySchemes;
    expect(schemes[SESSION_SCHEMES.development]).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: 'tuition.session_token',
    });
    expect(schemes[SESSION_SCHEMES.production]).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: '__Secure-tuition.session_token',
    });
  });

  it('says on every operation whether it needs a session, and only names declared schemes', () => {
    for (const { method, path, op } of operations()) {
      expect(op.security, `${method} ${path}`).toBeDefined();
      for (const requirement of op.security ?? []) {
        for (const scheme of Object.keys(requirement)) {
          expect(doc.components.securitySchemes[scheme], scheme).toBeDefined();
        }
      }
    }
  });

  it('documents 400 wherever there is input and 401 wherever a session is required', () => {
    const missing: string[] = [];
    for (const { method, path, op } of operations()) {
      const hasInput = (op.parameters ?? []).length > 0 || op.requestBody !== undefined;
      if (hasInput && !op.responses['400']) missing.push(`${method} ${path}: 400`);
      if (op.security?.some((r) => SESSION_SCHEMES.development in r) && !op.responses['401']) {
        missing.push(`${method} ${path}: 401`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('answers 401 signed out on exactly the operations documented as needing a session', async () => {
    const mismatched: string[] = [];
    for (const { method, path, op } of operations()) {
      const url = path.replace(/\{(\w+)\}/g, '00000000-0000-4000-8000-000000000000');
      const query = path === '/api/availability' ? '?service=gcse' : '';
      const needsSession = JSON.stringify(op.security) === JSON.stringify(signedIn);
      const body = method === 'get' ? undefined : {};
      const response = await api(t, `${url}${query}`, {
        method: method.toUpperCase(),
        ...(body ? { body } : {}),
      });
      if ((response.status === 401) !== needsSession) {
        mismatched.push(`${method.toUpperCase()} ${path}: ${response.status}`);
      }
    }
    expect(mismatched).toEqual([]);
  });
});
