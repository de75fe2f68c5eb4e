// The service's imports point one way (docs/decisions/044): the composition root (app.ts,
// app-deps.ts, server.ts, the test harness) builds the dependencies and hands them to features,
// which declare what they need and never import the root back; class sessions and their seats
// (sessions/), the mail outbox (mail/), the audit trail (audit/) and the other shared modules sit
// below every feature; every other folder under src/ is a feature, found by reading the folder.
// Read from the source text, so no tool has to be installed to keep it true.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = path.dirname(fileURLToPath(import.meta.url));

/** Where the dependencies are built and combined; the only modules that may import app-deps.ts. */
const COMPOSITION_ROOT = new Set([
  'app.ts',
  'app-deps.ts',
  'scheduled-jobs.ts',
  'server.ts',
  'testing/test-app.ts',
]);

/**
 * Shared modules below the features: they may import no feature at all, though their tests may
 * drive features (a seat-ledger race test books and checks out through them). The audit trail
 * is one: every staff action, in admin/, bookings/, lessons/, your-data/ and auth's admin hooks,
 * writes to it, and it needs nothing but the database. The credit ledger (credit/) is another:
 * the seat ledger, checkout and the wallet all change a family's credit through it (decision
 * 077). Pricing (pricing/) is a third: checkout claims promo codes and reads the sibling
 * percentage through it, and the admin's promotions count a code's uses by its rule (decision
 * 082). The room providers and recording storage (rooms/) are ports like the mail outbox: the
 * lesson feature decides who enters, the providers only mint and carry out (decision 098). The
 * text outbox (sms/) is the mail outbox's twin: reminders, offers, changes and reports write a
 * family's text in their own transaction through it (decision 103).
 */
const BELOW_FEATURES: readonly string[] = [
  'audit',
  'config',
  'credit',
  'db',
  'http',
  'logging',
  'mail',
  'pricing',
  'rooms',
  'scheduler',
  'sessions',
  'sms',
];

/** The test harness and the test kits: for tests and the harness only, never production code. */
const TESTING = 'testing';

/** The folders directly under src/. */
const FOLDERS = readdirSync(SRC, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

/**
 * Feature folders: every other folder, each a part of the product with its own routes or jobs
 * (auth, checkout, lessons, retention, dev-clock, …). Derived, so a new folder is checked as a
 * feature from the day it appears, until it is named above as shared.
 */
const FEATURES: readonly string[] = FOLDERS.filter(
  (folder) => !BELOW_FEATURES.includes(folder) && folder !== TESTING,
);

/**
 * The cross-feature imports there are, each for a reason; any other is a new coupling to
 * think about (move the shared part to sessions/ or another shared module instead). payments/
 * is not on the list as an importer: it never imports checkout/ (its own check below).
 */
const ALLOWED_FEATURE_IMPORTS: ReadonlyArray<[from: string, to: string, why: string]> = [
  ['*', 'auth/middleware.ts', 'every feature guards its routes with the session checks'],
  ['*', 'auth/auth.ts', 'the Auth type those guards take'],
  ['*', 'auth/admin-openapi.ts', "admin routes document the admin guard's security and refusals"],
  [
    'terms',
    'checkout/basket-hold.ts',
    'a term enrolment is held, priced and paid through the same checkout as single sessions',
  ],
  ['terms', 'checkout/payment-page.ts', 'the checkout dependencies a term checkout needs too'],
  [
    'one-to-one',
    'checkout/basket-hold.ts',
    "a tutor's hour is held, priced and paid through the same checkout as group seats",
  ],
  ['one-to-one', 'checkout/payment-page.ts', 'the checkout dependencies a 1-to-1 checkout needs'],
  ['admin', 'auth/password-reset.ts', 'an admin sends a customer a reset link'],
  ['admin', 'bookings/bookings.ts', 'an admin cancels or moves a booking as the customer would'],
  [
    'bookings',
    'one-to-one/hour-check.ts',
    'a 1-to-1 lesson moves only to another free hour of its tutor (decision 106)',
  ],
  [
    'admin',
    'bookings/session-cancel.ts',
    'an admin cancels a whole session with the same remedies as one seat (decision 077)',
  ],
  [
    'admin',
    'lessons/weekly-classes.ts',
    "the admin's sessions overview flags a session nobody could join for want of a meeting link",
  ],
  [
    'checkout',
    'payments/payment-provider.ts',
    'checkout opens payment pages and verifies webhooks through the provider port',
  ],
  ['checkout', 'payments/local-provider.ts', 'the local stand-in payment pages sign as it does'],
  [
    '*',
    'lessons/join-window.ts',
    "a seat's e-mails, calendar entries and reminders link to its join page (decision 056)",
  ],
  [
    'your-data',
    'checkout/checkout.ts',
    "deleting an account closes the provider's pages of the checkouts it releases",
  ],
  [
    'checkout',
    'wallet/pack-checkout.ts',
    "a paid pack adds its credit in the payment's transaction (decision 077)",
  ],
  [
    'wallet',
    'checkout/checkout.ts',
    'a pack is paid through the same checkout row, payment page and provider as seats',
  ],
  [
    '*',
    'payments/payment-refunds.ts',
    'money goes back to a card the same way wherever the business decides it (decision 077)',
  ],
  [
    'tutors',
    'lessons/attendance.ts',
    'a tutor marks the register by the one rule admins follow (decision 079)',
  ],
  [
    'tutors',
    'lessons/weekly-classes.ts',
    "a tutor's session list shows the host the meeting link pupils reach (decision 079)",
  ],
  [
    'tutors',
    'admin/attendance-register.ts',
    'the pay hours CSV is written as safely as the printed register (decision 079)',
  ],
  [
    'tutors',
    'auth/admin-roles.ts',
    'an ADMIN_EMAILS address, which becomes an admin, is never invited as a tutor (decision 088)',
  ],
  [
    'lessons',
    'tutors/taught-session.ts',
    'a tutor opens the room of, and watches, only a session they teach (decisions 079, 098)',
  ],
  ['lessons', 'tutors/tutor-accounts.ts', 'the room routes find the active tutor asking'],
  [
    'one-to-one',
    'tutors/tutor-accounts.ts',
    "a tutor's hours routes find the active tutor asking (decision 104)",
  ],
  [
    'one-to-one',
    'tutors/pay-rates.ts',
    'a new 1-to-1 rate re-prices the pay lines of months not yet closed (decision 113)',
  ],
  [
    'pupils',
    'lessons/lesson-recordings.ts',
    'withdrawing recording consent deletes the recordings the pupil was in (decision 099)',
  ],
  [
    'your-data',
    'lessons/lesson-recordings.ts',
    'deleting an account ends its recording consents, as withdrawing them does (decision 099)',
  ],
  [
    'bookings',
    'lessons/lesson-recordings.ts',
    "a family's previous bookings show the recording their child may watch (decision 099)",
  ],
  [
    'minimums',
    'bookings/booking-emails.ts',
    "a merged session's unfinished baskets are released in the words a cancelled one's are (decision 100)",
  ],
  [
    'minimums',
    'bookings/session-cancel.ts',
    'a session that does not reach its minimum is cancelled as the business cancels one (100)',
  ],
  [
    'minimums',
    'bookings/bookings.ts',
    'deciding a session needs what a business cancel needs: mail, refunds, content (decision 100)',
  ],
  [
    'your-data',
    'wallet/wallet.ts',
    "a deletion's preview values the credit by the wallet's own rules (decision 101)",
  ],
  [
    'your-data',
    'wallet/wallet-changes.ts',
    "a deletion refunds packs in cooling-off through the wallet's refund (decision 101)",
  ],
  [
    'retention',
    'your-data/mail-bodies.ts',
    'retention empties the old mail bodies that the export and a deletion read (decision 058)',
  ],
];

/** The seat ledger: the one door through which seats are held, confirmed, moved and released. */
const SEAT_LEDGER = 'sessions/seat-ledger/';
const SEAT_LEDGER_DOOR = `${SEAT_LEDGER}seat-ledger.ts`;
/** Parts of the ledger nothing outside it may import, not even a test: locks, offers, reminders. */
const LEDGER_ONLY = ['seat-locks.ts', 'offer-engine.ts', 'reminder-plan.ts'].map(
  (file) => `${SEAT_LEDGER}${file}`,
);

/** The one module that takes row locks on a hold's tables (docs/decisions/086). */
const HOLD_LOCK_DOOR = 'sessions/hold-locks.ts';

/** A hold's tables, as Drizzle names them in code and as SQL names them. */
const HOLD_TABLES: ReadonlyArray<[code: string, sql: string]> = [
  ['tutors', 'tutors'],
  ['checkouts', 'checkouts'],
  ['classSessions', 'class_sessions'],
  ['creditWallets', 'credit_wallets'],
  ['promoCodes', 'promo_codes'],
];

/**
 * The hold tables a module takes a row lock on: a Drizzle `.from(table)…​.for('update' |
 * 'no key update' | 'share' | 'key share')` (the statement read back to its `.from`), or raw
 * SQL naming the table before a `for update` / `for no key update` / `for share`.
 */
function holdRowLocks(text: string): string[] {
  const found = new Set<string>();
  const builderLock = /\.for\(\s*['"](?:update|no key update|share|key share)['"]/g;
  for (const match of text.matchAll(builderLock)) {
    const before = text.slice(0, match.index);
    const from = [...before.matchAll(/\.from\(\s*([A-Za-z_]+)/g)].at(-1)?.[1];
    const table = HOLD_TABLES.find(([code]) => code === from);
    if (table) found.add(table[0]);
  }
  const rawLock = /for\s+(?:no\s+key\s+)?(?:update|share)\b/gi;
  for (const match of text.matchAll(rawLock)) {
    // The statement it ends: back to the previous backtick (a sql`…` template).
    const start = text.lastIndexOf('`', match.index);
    const statement = text.slice(start, match.index).toLowerCase();
    if (!/\bselect\b/.test(statement)) continue;
    for (const [, table] of HOLD_TABLES) {
      if (new RegExp(`\\b(?:from|join)\\s+"?${table}"?\\b`).test(statement)) found.add(table);
    }
  }
  return [...found];
}

/** Lock statements the check must see, written each way, and one it must not. */
const LOCKING_SAMPLES = {
  builder: "await tx.select().from(checkouts).where(eq(checkouts.id, id)).for('update');",
  inline: "tx.select({ id: classSessions.id })\n  .from(classSessions)\n  .for('no key update')",
  raw: 'await tx.execute(sql`select user_id from credit_wallets where user_id = $1 for update`);',
  share: 'sql`select * from "promo_codes" where id = $1 for share`',
  other: "tx.select().from(rateLimit).where(eq(rateLimit.key, key)).for('update')",
};

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
const isTest = (module: string) => module.endsWith('.test.ts');

describe('service imports', () => {
  const graph = importGraph();
  const edges = [...graph].flatMap(([from, targets]) => targets.map((to) => ({ from, to })));

  const crossFeature = edges
    .filter((e) => !isTest(e.from))
    .filter((e) => FEATURES.includes(folderOf(e.from)) && FEATURES.includes(folderOf(e.to)))
    .filter((e) => folderOf(e.from) !== folderOf(e.to));
  const allows = ([f, t]: readonly [string, string, string?], e: { from: string; to: string }) =>
    (f === '*' || f === folderOf(e.from)) && t === e.to;

  it('finds the modules and their imports (the check below is not vacuous)', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get('app.ts')).toContain('app-deps.ts');
    expect(FEATURES).toEqual(expect.arrayContaining(['checkout', 'payments', 'lessons', 'auth']));
    expect(BELOW_FEATURES.filter((folder) => !FOLDERS.includes(folder))).toEqual([]);
    expect(crossFeature.length).toBeGreaterThan(0);
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

  it('keeps sessions/, mail/, audit/ and the other shared modules free of feature imports', () => {
    const upward = edges
      .filter((e) => !isTest(e.from) && BELOW_FEATURES.includes(folderOf(e.from)))
      .filter((e) => FEATURES.includes(folderOf(e.to)))
      .map((e) => `${e.from} -> ${e.to}`);
    expect(upward).toEqual([]);
  });

  it('allows a feature to import another feature only where the list above says why', () => {
    const unexplained = crossFeature
      .filter((e) => !ALLOWED_FEATURE_IMPORTS.some((allowance) => allows(allowance, e)))
      .map((e) => `${e.from} -> ${e.to}`);
    expect(unexplained).toEqual([]);
  });

  it('lists no allowance that no import needs any more', () => {
    const unused = ALLOWED_FEATURE_IMPORTS.filter(
      (allowance) => !crossFeature.some((e) => allows(allowance, e)),
    ).map(([from, to]) => `${from} -> ${to}`);
    expect(unused).toEqual([]);
  });

  it('lets checkout/ use the payment provider, and payments/ never import checkout/', () => {
    const backwards = edges
      .filter((e) => folderOf(e.from) === 'payments' && folderOf(e.to) === 'checkout')
      .map((e) => `${e.from} -> ${e.to}`);
    expect(backwards).toEqual([]);
  });

  it('keeps testing/ out of production code: only tests and the harness import it', () => {
    const leaks = edges
      .filter((e) => folderOf(e.to) === TESTING)
      .filter((e) => !isTest(e.from) && folderOf(e.from) !== TESTING)
      .map((e) => `${e.from} -> ${e.to}`);
    expect(leaks).toEqual([]);
  });

  it('reaches the seat ledger only through its door, sessions/seat-ledger/seat-ledger.ts', () => {
    const inside = (module: string) => module.startsWith(SEAT_LEDGER);
    const sideDoors = edges
      .filter((e) => inside(e.to) && e.to !== SEAT_LEDGER_DOOR && !inside(e.from))
      // A test may look inside the ledger, except at its locks, offers and reminder plans.
      .filter((e) => !isTest(e.from) || LEDGER_ONLY.includes(e.to))
      .map((e) => `${e.from} -> ${e.to}`);
    const missing = [SEAT_LEDGER_DOOR, ...LEDGER_ONLY].filter((module) => !graph.has(module));
    expect({ missing, sideDoors }).toEqual({ missing: [], sideDoors: [] });
  });

  it('locks hold rows only through the door in sessions/ (the architecture reads the SQL too)', () => {
    const offenders = sourceFiles(SRC)
      .map((file) => path.relative(SRC, file).split(path.sep).join('/'))
      .filter((module) => !isTest(module) && folderOf(module) !== 'sessions')
      .flatMap((module) =>
        holdRowLocks(readFileSync(path.join(SRC, module), 'utf8')).map(
          (table) => `${module} locks ${table}`,
        ),
      );
    expect(offenders).toEqual([]);
    // The check sees each way of writing a lock (not vacuous).
    expect(holdRowLocks(LOCKING_SAMPLES.builder)).toEqual(['checkouts']);
    expect(holdRowLocks(LOCKING_SAMPLES.inline)).toEqual(['classSessions']);
    expect(holdRowLocks(LOCKING_SAMPLES.raw)).toEqual(['credit_wallets']);
    expect(holdRowLocks(LOCKING_SAMPLES.share)).toEqual(['promo_codes']);
    expect(holdRowLocks(LOCKING_SAMPLES.other)).toEqual([]);
    // The door itself is where they are, and the only place in sessions/ that locks them.
    const inSessions = sourceFiles(path.join(SRC, 'sessions'))
      .map((file) => path.relative(SRC, file).split(path.sep).join('/'))
      .filter((module) => !isTest(module))
      .filter((module) => holdRowLocks(readFileSync(path.join(SRC, module), 'utf8')).length > 0);
    expect(inSessions).toEqual([HOLD_LOCK_DOOR]);
  });

  it('writes no id pattern of its own: ids are checked by the contract (idParams, isId)', () => {
    // A hand-written UUID pattern, as 12 files once had (8 hex digits, a dash, then more).
    const handWritten = /\[0-9a-f(?:A-F)?\]\{8\}-/;
    const offenders = sourceFiles(SRC)
      .filter((file) => !file.endsWith('.test.ts'))
      .filter((file) => handWritten.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(SRC, file));
    expect(offenders).toEqual([]);
    expect(handWritten.test('/^[0-9a-f]{8}-[0-9a-f]{4}/i')).toBe(true);
  });
});
