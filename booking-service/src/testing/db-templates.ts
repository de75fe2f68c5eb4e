import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createDb, PGLITE_OPTIONS, pgliteHandle } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';

/*
 * Migrated databases made once per test run, which every test app's database is a copy of:
 * PGlite's initdb and the migrations take seconds on this machine, a copy a fraction of that.
 */

/** The data directories of an in-memory PGlite, empty and with every migration applied. */
export async function pgliteArchives(): Promise<{ empty: Blob; migrated: Blob }> {
  const client = await PGlite.create('memory://', PGLITE_OPTIONS);
  try {
    // The empty one is a copy of initdb's work: tests of the migrations start from it instead
    // of running initdb again (seconds each on this machine).
    const empty = await client.dumpDataDir('none');
    await migrate(pgliteHandle(client));
    return { empty, migrated: await client.dumpDataDir('none') };
  } finally {
    await client.close();
  }
}

/** The data directory of an in-memory PGlite with every migration applied, as an archive. */
export async function migratedPgliteArchive(): Promise<Blob> {
  return (await pgliteArchives()).migrated;
}

/** Writes both archives to files of their own, for the test workers to start PGlites from. */
export async function writePgliteTemplates(): Promise<{
  emptyFile: string;
  migratedFile: string;
  remove(): Promise<void>;
}> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'booking-service-pglite-template-'));
  const archives = await pgliteArchives();
  const emptyFile = path.join(dir, 'empty.tar');
  const migratedFile = path.join(dir, 'migrated.tar');
  await writeFile(emptyFile, Buffer.from(await archives.empty.arrayBuffer()));
  await writeFile(migratedFile, Buffer.from(await archives.migrated.arrayBuffer()));
  return { emptyFile, migratedFile, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** A migrated database on the test server, for test databases to be copied from. */
export interface MigratedTemplate {
  name: string;
  drop(): Promise<void>;
}

/**
 * Creates a database on the server, applies every migration to it and closes every connection
 * to it (PostgreSQL copies a template only while nobody is connected). The name is random, so
 * runs sharing one TEST_DATABASE_URL server never copy each other's template.
 */
export async function createMigratedTemplate(adminUrl: string): Promise<MigratedTemplate> {
  const name = `test_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await createDb({ databaseUrl: url.toString(), driver: 'pg' });
  try {
    await migrate(handle);
  } finally {
    await handle.close();
  }
  return {
    name,
    drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`),
  };
}

async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
