import 'reflect-metadata';
import { grantAdmin } from './accounts/grant-role/grant-admin';
import { createServiceDataSource } from '@loadout/service-kit';
import { loadIdentityConfig } from './identity.config';
import { identityService } from './identity.service';

/** `node dist/services/identity/src/grant-admin.js someone@example.com` (see README). */
async function main(): Promise<number> {
  const email = process.argv[2]?.trim();
  if (!email || !email.includes('@')) {
    console.error('usage: grant-admin <email>   (the account must exist: sign up first)');
    return 2;
  }
  const config = loadIdentityConfig();
  const dataSource = createServiceDataSource(identityService, { ...config, DB_POOL_SIZE: 1 });
  try {
    await dataSource.initialize();
  } catch (err) {
    const where = new URL(config.DATABASE_URL);
    console.error(
      `identity: cannot reach the database at ${where.host}${where.pathname} (${(err as Error).message}). ` +
        'Is `npm start` running? Otherwise set DATABASE_URL.',
    );
    return 1;
  }
  try {
    const tables = (await dataSource.query(`SELECT to_regclass('identity.users') AS t`)) as Array<{
      t: string | null;
    }>;
    if (!tables[0]?.t) {
      console.error(
        'identity: the identity schema is missing. Start the app once (npm start) or run db:migrate.',
      );
      return 1;
    }
    const result = await grantAdmin(dataSource, email);
    switch (result.status) {
      case 'not_found':
        console.error(
          `identity: no account with the email ${email}. Sign up with it first, then run this again.`,
        );
        return 1;
      case 'already_admin':
        console.log(
          `identity: ${result.user.username} <${result.user.email}> is already an admin; nothing changed.`,
        );
        return 0;
      case 'granted':
        console.log(
          `identity: granted admin to ${result.user.username} <${result.user.email}> (id ${result.user.id}); ` +
            'recorded identity.user.role_changed.v1. They see the Admin Dashboard after signing in again.',
        );
        return 0;
    }
  } finally {
    await dataSource.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error('identity: grant-admin failed:', err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
