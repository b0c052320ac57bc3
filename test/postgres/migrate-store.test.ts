// corpora: reads ../shared/corpora; skipped on a clone without it (vitest.config.ts).
// `docs migrate` (copyToPostgres) of a store holding each shared corpus, a change request, comments and a site: every
// table's rows and every blob arrive as they were, a domain over the copy reads the same content, and a copy into a
// database that already holds a store is refused, changing nothing.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { configSchema } from '../../src/config/index.js';
import { Caller, Domain } from '../../src/domain/index.js';
import { bootstrap } from '../../src/domain/core/setup.js';
import { syncDirectory } from '../../src/gitsync/import.js';
import { FileBlobStore } from '../../src/store/blobs.js';
import { CopyError, copyToPostgres } from '../../src/store/copy.js';
import { type Store, openStore } from '../../src/store/index.js';
import { PostgresStore } from '../../src/store/postgres/store.js';
import { SecretBox } from '../../src/store/secrets.js';
import { CORPORA } from '../helpers/corpora.js';
import { createDatabase } from '../helpers/postgres.js';

const stores: Store[] = [];
afterAll(async () => {
  await Promise.all(stores.splice(0).map((s) => s.close()));
});

/** A store folder with the corpus synced into a space, a change request, a comment with a reply, and a site. */
async function sqliteStoreOf(corpus: string): Promise<{ dir: string; spaceId: string }> {
  const dir = mkdtempSync(join(tmpdir(), `quire-migrate-${corpus}-`));
  const store = openStore(dir);
  const domain = new Domain(store);
  const boot = await bootstrap(domain, configSchema.parse({}));
  const caller = new Caller(store, boot.admin);
  const organizationId = boot.organizations[0]!.id;
  const [report] = await syncDirectory(domain, { dir: join(CORPORA, corpus), organizationId, caller, parseWorkers: 0 });
  const spaceId = report!.space.id;
  await domain.changeRequests.create(caller, spaceId, { subject: 'Proofreading' });
  const comment = await domain.comments.post(caller, { spaceId }, { body: { markdown: 'Is this **still** true?' } });
  await domain.comments.postReply(caller, { spaceId }, comment.comment.id, { body: { markdown: 'Yes.' } });
  await domain.sites.create(caller, organizationId, { title: `${corpus} docs`, spaces: [spaceId] });
  await store.close();
  return { dir, spaceId };
}

/** Rows of a snapshot, in one order (and their columns in one order) whatever the database's. */
const sorted = (rows: unknown[]) => rows.map((row) => JSON.stringify(row, Object.keys(row as object).sort())).sort();

describe('docs migrate from SQLite to PostgreSQL', () => {
  for (const corpus of ['public-docs', 'metalbear-docs', 'beefree-sdk-docs', 'git-sync-normalization']) {
    it(`copies the store of ${corpus}: every row and every blob, and a domain over the copy reads the same`, async () => {
      const { dir, spaceId } = await sqliteStoreOf(corpus);
      const url = await createDatabase(inject('postgresUrl'), `migrate_${corpus.replace(/-/g, '_')}_${process.pid}`);
      const report = await copyToPostgres(dir, url);

      const sqlite = openStore(dir);
      const postgres = await PostgresStore.open(url, new SecretBox(null));
      stores.push(sqlite, postgres);
      const [before, after] = [await sqlite.snapshot(), await postgres.snapshot()];
      for (const [table, rows] of Object.entries(before)) {
        expect(sorted(after[table] ?? []), table).toEqual(sorted(rows));
        expect(report.tables[table], table).toBe(rows.length);
      }
      expect(report.tables.revision_contents).toBeGreaterThan(0);
      expect(report.tables.comment_replies).toBe(1);

      const files = [...new FileBlobStore(join(dir, 'blobs')).oids()];
      expect(report.blobs).toBe(files.length);
      for (const oid of files) expect((await postgres.blobs.get(oid))?.equals((await sqlite.blobs.get(oid))!), oid).toBe(true);

      // The same pages, by path, through the domain.
      const read = async (store: Store) => {
        const space = (await store.content.space(spaceId))!;
        const content = await store.revisions.content(space.revisionId);
        return content.pages.map((p) => [p.path, p.title, 'git' in p ? p.git?.oid : null]);
      };
      expect(await read(postgres)).toEqual(await read(sqlite));
    });
  }

  it('refuses a database that already holds a store, and changes nothing there', async () => {
    const { dir } = await sqliteStoreOf('git-sync-normalization');
    const url = await createDatabase(inject('postgresUrl'), `migrate_twice_${process.pid}`);
    await copyToPostgres(dir, url);
    const postgres = await PostgresStore.open(url, new SecretBox(null));
    stores.push(postgres);
    const before = await postgres.snapshot();
    await expect(copyToPostgres(dir, url)).rejects.toThrow(CopyError);
    await expect(copyToPostgres(dir, url)).rejects.toThrow('the database already holds a store');
    expect(await postgres.snapshot()).toEqual(before);
  });
});
