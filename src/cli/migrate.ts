import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { loadConfig } from '../config/index.js';
import { CommandFailure, checkDatabaseUrl, type GlobalOptions, redacted, shown, UsageError } from './util.js';

interface MigrateOptions {
  from?: string;
  to?: string;
}

export function registerMigrate(program: Command): void {
  program
    .command('migrate')
    .description('copy a SQLite store (its folder) into an empty PostgreSQL database, with its blobs, and check the counts')
    .option('--from <dir>', 'the store folder to copy (default: storage.dir of the config)')
    .option('--to <url>', 'the postgres:// URL of an empty database (default: DOCS_DATABASE_URL)')
    .action(async (_options: MigrateOptions, command: Command) => {
      const opts = command.optsWithGlobals<GlobalOptions & MigrateOptions>();
      const to = opts.to ?? process.env.DOCS_DATABASE_URL;
      if (!to) throw new UsageError('--to: the postgres:// URL of the database to copy into (or set DOCS_DATABASE_URL)');
      checkDatabaseUrl(to, opts.to === undefined ? 'DOCS_DATABASE_URL' : '--to');
      const from = storeToCopy(opts);
      const { copyToPostgres, CopyError } = await import('../store/index.js');
      try {
        const report = await copyToPostgres(resolve(from.dir), to, (line) => process.stderr.write(`docs migrate: ${line}\n`));
        const rows = Object.values(report.tables).reduce((a, b) => a + b, 0);
        process.stdout.write(`copied ${rows} rows of ${Object.keys(report.tables).length} tables and ${report.blobs} blobs; every count matches\n`);
        if (existsSync(join(from.dir, 'secret.key')))
          process.stdout.write(
            `Servers on this database open secrets sealed by this store only with its key: give each DOCS_SECRET_KEY=$(xxd -p -c 64 ${join(from.dir, 'secret.key')})\n`,
          );
      } catch (error) {
        if (error instanceof CopyError) throw new CommandFailure(`cannot copy into ${redacted(to)}: ${error.message}`);
        const code = (error as NodeJS.ErrnoException).code;
        const reason = `${code ? `${code}: ` : ''}${(error as Error).message}`;
        // The only SQLite is the source: a quire.db that is no database is no store; another error is the machine's.
        if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT') throw new UsageError(`${from.name}: not a store (quire.db: ${reason})`);
        if (code?.startsWith('SQLITE_')) throw new CommandFailure(`${from.name}: cannot read the store (${reason})`);
        throw new CommandFailure(`cannot copy into ${redacted(to)}: ${reason}`);
      }
    });
}

/** The store folder to copy (`--from`, else `storage.dir` of the config), checked before anything is opened. */
function storeToCopy(opts: GlobalOptions & MigrateOptions): { dir: string; name: string } {
  if (opts.from === undefined) {
    const loaded = loadConfig(opts.config ? { file: opts.config } : {});
    const dir = resolve(loaded.root, loaded.config.storage.dir);
    const name = `storage.dir ${shown(dir)}`;
    if (!existsSync(join(dir, 'quire.db'))) {
      throw new UsageError(`${name}: no store to copy there (no quire.db); give the store's folder with --from <dir>`);
    }
    return { dir, name };
  }
  const name = `--from ${opts.from}`;
  if (!existsSync(opts.from)) throw new UsageError(`${name}: no such directory`);
  if (!statSync(opts.from).isDirectory()) throw new UsageError(`${name}: not a directory; give the store's folder (the one holding quire.db)`);
  if (!existsSync(join(opts.from, 'quire.db'))) throw new UsageError(`${name}: not a store (no quire.db in it)`);
  return { dir: opts.from, name };
}
