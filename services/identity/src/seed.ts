import { type DataSource } from 'typeorm';
import { newId } from '@loadout/db';
import { OutboxWriter } from '@loadout/events';
import { runSeed } from '@loadout/service-kit';
import { PasswordHasher } from './accounts/credentials/password-hasher';
import { usernameSkeleton } from './accounts/domain/username-skeleton';
import { UserEvents } from './accounts/user-events';
import { type IdentityConfig } from './identity.config';
import { identityService } from './identity.service';
import { DEMO_PASSWORD, DEMO_USERS } from './seed/demo-users';

/** Development seed: three verified demo accounts, created once (re-running changes nothing). */
async function seedDemoAccounts(dataSource: DataSource, config: IdentityConfig): Promise<string> {
  if (config.IDENTITY_PROVIDER === 'keycloak') {
    return 'identity: keycloak mode, accounts live in Keycloak; no demo accounts seeded';
  }
  const hasher = new PasswordHasher();
  const events = new UserEvents(new OutboxWriter());
  const passwordHash = await hasher.hash(DEMO_PASSWORD);
  let created = 0;
  for (const demo of DEMO_USERS) {
    await dataSource.transaction(async (tx) => {
      const rows = (await tx.query(
        `INSERT INTO "identity"."users" ("id", "email", "username", "display_name", "full_name",
           "county", "seller_type", "role", "over18_declared", "terms_accepted_at", "password_hash",
           "email_verified_at", "username_skeleton")
         VALUES ($1, $2, $3, $3, $4, $5, $6, $7, true, now(), $8, now(), $9)
         ON CONFLICT DO NOTHING RETURNING "id"`,
        [
          newId(),
          demo.email,
          demo.username,
          demo.fullName,
          demo.county,
          demo.sellerType,
          demo.role,
          passwordHash,
          usernameSkeleton(demo.username),
        ],
      )) as Array<{ id: string }>;
      const id = rows[0]?.id;
      if (!id) return;
      created += 1;
      const meta = { actorId: null };
      await events.registered(tx, { id, ...demo }, meta);
      await events.verified(tx, { id, email: demo.email }, meta);
      if (demo.role === 'admin')
        await events.roleChanged(tx, id, { role: 'admin', previousRole: 'user' }, meta);
    });
  }
  return [
    `identity: ${created ? `created ${created} of` : 'checked'} ${DEMO_USERS.length} demo accounts (development only), password "${DEMO_PASSWORD}":`,
    ...DEMO_USERS.map((demo) => `  ${demo.email.padEnd(26)} ${demo.role}`),
  ].join('\n');
}

runSeed(identityService, seedDemoAccounts, { skipInProduction: true });
