import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { loadConfig } from '../config/index.js';
import { CommandFailure, type GlobalOptions, UsageError } from './util.js';

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
      if (!/^postgres(ql)?:\/\//.test(to)) throw new UsageError('--to: expected a postgres:// URL');
      let from = opts.from;
      if (from === undefined) {
        const loaded = loadConfig(opts.config ? { file: opts.config } : {});
        from = resolve(loaded.root, loaded.config.storage.dir);
      }
      if (!existsSync(join(from, 'quire.db'))) throw new UsageError(`--from ${from}: no store there (no quire.db)`);
      const { copyToPostgres, CopyError } = await import('../store/copy.js');
      try {
        const report = await copyToPostgres(resolve(from), to, (line) => process.stderr.write(`docs migrate: ${line}\n`));
        const rows = Object.values(report.tables).reduce((a, b) => a + b, 0);
        process.stdout.write(`copied ${rows} rows of ${Object.keys(report.tables).length} tables and ${report.blobs} blobs; every count matches\n`);
        if (existsSync(join(from, 'secret.key')))
          process.stdout.write(
            `Servers on this database open secrets sealed by this store only with its key: give each DOCS_SECRET_KEY=$(xxd -p -c 64 ${join(from, 'secret.key')})\n`,
          );
      } catch (error) {
        if (error instanceof CopyError) throw new CommandFailure(`docs migrate: ${error.message}`);
        const code = (error as NodeJS.ErrnoException).code;
        throw new CommandFailure(`docs migrate: ${code ? `${code}: ` : ''}${(error as Error).message}`);
      }
    });
}
