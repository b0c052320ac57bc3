import type { Command } from 'commander';
import { isRole, type RoleName } from '../domain/core/roles.js';
import { type GlobalOptions, UsageError } from './util.js';

interface TokenOptions {
  role?: string;
  email?: string;
  name?: string;
  org?: string;
  label?: string;
  json?: boolean;
}

export function registerToken(program: Command): void {
  const token = program.command('token').description('manage API tokens');
  token
    .command('create')
    .description('issue a new API token and print it (it is stored only as a hash)')
    .option('--role <role>', 'token for a member with this role (admin, create, review, edit, comment, read); default: the admin user')
    .option('--email <email>', 'the member the token belongs to (created if new)')
    .option('--name <name>', 'display name of a new member')
    .option('--org <title|id>', 'organization the member joins (default: the first one in the config)')
    .option('--label <label>', 'a note to recognise the token by')
    .option('--json', 'print {token, user, organization, role} as JSON')
    .action(async (_options: TokenOptions, command: Command) => {
      const opts = command.optsWithGlobals<GlobalOptions & TokenOptions>();
      if (opts.role !== undefined && !isRole(opts.role)) {
        throw new UsageError(`--role ${opts.role}: expected one of admin, create, review, edit, comment, read`);
      }
      if (opts.email !== undefined && !/^[^@\s]+@[^@\s]+$/.test(opts.email)) throw new UsageError(`--email ${opts.email}: not an email address`);
      const { openRuntime } = await import('./runtime.js');
      const runtime = await openRuntime(opts);
      try {
        const { domain, boot, store } = runtime;
        const org = opts.org
          ? (boot.organizations.find((o) => o.id === opts.org || o.title === opts.org) ??
            (await store.organizations.get(opts.org)) ??
            (await store.organizations.byTitle(opts.org)))
          : boot.organizations[0];
        if (!org) throw new UsageError(`--org ${opts.org}: no such organization`);
        const role = (opts.role ?? 'admin') as RoleName;
        const email = opts.email ?? (opts.role ? `${role}@${org.id.toLowerCase()}.quire.local` : undefined);
        const issued = await store.tx(async () => {
          const user = email ? await domain.users.ensure(email, opts.name ?? email.split('@')[0]!) : boot.admin;
          const member = await domain.organizations.ensureMember(org.id, user.id, role);
          if (opts.role && member.role !== role) await store.organizations.upsertMember({ ...member, role });
          return { user, ...(await domain.users.createToken(user.id, opts.label ?? `cli (${role})`)) };
        });
        if (opts.json) {
          process.stdout.write(`${JSON.stringify({ token: issued.token, user: issued.user.id, email: issued.user.email, organization: org.id, role })}\n`);
        } else {
          process.stdout.write(`${issued.token}\n`);
        }
      } finally {
        await runtime.close();
      }
    });
}
