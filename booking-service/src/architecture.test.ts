// The service's imports point one way (docs/decisions/044): the composition root (app.ts,
// app-deps.ts, server.ts, the test harness) builds the dependencies and hands them to features,
// which declare what they need and never import the root back; class sessions and their seats
// (sessions/) and the mail outbox (mail/) sit below every feature. Read from the source text, so
// no tool has to be installed to keep it true.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = path.dirname(fileURLToPath(import.meta.url));

/** Where the dependencies are built and combined; the only modules that may import app-deps.ts. */
const COMPOSITION_ROOT = new Set(['app.ts', 'app-deps.ts', 'server.ts', 'testing/test-app.ts']);

/** Feature folders: each is a part of the product with its own routes. */
const FEATURES = [
  'account',
  'admin',
  'auth',
  'availability',
  'bookings',
  'checkout',
  'contact',
  'payments',
  'pupils',
  'waitlist',
] as const;

/** Shared modules below the features: they may import no feature at all. */
const BELOW_FEATURES = ['sessions', 'mail', 'db', 'http', 'logging', 'config'] as const;

/**
 * The cross-feature imports there are, each for a reason; any other is a new coupling to
 * think about (move the shared part to sessions/ or another shared module instead).
 */
const ALLOWED_FEATURE_IMPORTS: ReadonlyArray<[from: string, to: string, why: string]> = [
  ['*', 'auth/middleware.ts', 'every feature guards its routes with the session checks'],
  ['*', 'auth/auth.ts', 'the Auth type those guards take'],
  ['*', 'auth/admin-openapi.ts', "admin routes document the admin guard's security and refusals"],
  ['admin', 'auth/password-reset.ts', 'an admin sends a customer a reset link'],
  ['admin', 'bookings/bookings.ts', 'an admin cancels or moves a booking as the customer would'],
  ['checkout', 'payments/payment-provider.ts', 'checkout opens pages through the provider port'],
  ['payments', 'checkout/checkout.ts', "the provider's pages and webhook act on checkouts"],
  ['payments', 'checkout/payment-events.ts', 'the webhook hands verified events to checkout'],
  ['*', 'waitlist/offer-engine.ts', 'every seat-freeing write hands the seat to the waiting list'],
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

const IMPORT =
  /(?:import|export)\s[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

/** Each module (path relative to src/) and the relative modules it imports. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, 'utf8');
    const targets = [...text.matchAll(IMPORT)].map((m) =>
      path.relative(SRC, path.resolve(path.dirname(file), m[1] ?? m[2] ?? '')),
    );
    graph.set(path.relative(SRC, file).split(path.sep).join('/'), targets);
  }
  return graph;
}

/** Every import cycle, each as the chain of modules that closes it (Tarjan's components). */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!graph.has(to)) continue;
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(to) ?? 0));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(to) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    const selfImport = graph.get(node)?.includes(node) ?? false;
    if (component.length > 1 || selfImport) found.push(component.reverse());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

const folderOf = (module: string) => module.split('/')[0] ?? module;

describe('service imports', () => {
  const graph = importGraph();
  const edges = [...graph].flatMap(([from, targets]) => targets.map((to) => ({ from, to })));

  it('finds the modules and their imports (the check below is not vacuous)', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get('app.ts')).toContain('app-deps.ts');
    expect(
      cycles(
        new Map([
          ['a.ts', ['b.ts']],
          ['b.ts', ['a.ts']],
        ]),
      ),
    ).toEqual([['a.ts', 'b.ts']]);
  });

  it('has no import cycle', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('lets only the composition root import app-deps.ts', () => {
    const importers = edges
      .filter((e) => e.to === 'app-deps.ts' && !COMPOSITION_ROOT.has(e.from))
      .map((e) => e.from);
    expect(importers).toEqual([]);
  });

  it('keeps sessions/, mail/ and the other shared modules free of feature imports', () => {
    const upward = edges
      .filter((e) => (BELOW_FEATURES as readonly string[]).includes(folderOf(e.from)))
      .filter((e) => (FEATURES as readonly string[]).includes(folderOf(e.to)))
      .map((e) => `${e.from} -> ${e.to}`);
    expect(upward).toEqual([]);
  });

  it('allows a feature to import another feature only where the list above says why', () => {
    const allowed = (from: string, to: string) =>
      ALLOWED_FEATURE_IMPORTS.some(([f, t]) => (f === '*' || f === folderOf(from)) && t === to);
    const crossFeature = edges
      .filter((e) => !e.from.endsWith('.test.ts'))
      .filter((e) => (FEATURES as readonly string[]).includes(folderOf(e.from)))
      .filter((e) => (FEATURES as readonly string[]).includes(folderOf(e.to)))
      .filter((e) => folderOf(e.from) !== folderOf(e.to))
      .filter((e) => !allowed(e.from, e.to))
      .map((e) => `${e.from} -> ${e.to}`);
    expect(crossFeature).toEqual([]);
  });
});
