import { type DataSource } from 'typeorm';
import { OutboxWriter } from '@loadout/events';
import { UserRepository } from '../persistence/user.repository';
import { UserEvents } from '../user-events';

export type GrantAdminResult =
  | { status: 'granted' | 'already_admin'; user: { id: string; email: string; username: string } }
  | { status: 'not_found' };

/**
 * The admin bootstrap (ADR 0006): role `admin` for the account with this email, with
 * `identity.user.role_changed.v1` in the same transaction. Tokens carry the role from their
 * next issue (sign-in or refresh).
 */
export async function grantAdmin(
  dataSource: DataSource,
  email: string,
  outbox: OutboxWriter = new OutboxWriter(),
): Promise<GrantAdminResult> {
  const users = new UserRepository(dataSource);
  return users.transaction(async (tx) => {
    const user = await users.findByEmailForUpdate(email, tx);
    if (!user) return { status: 'not_found' as const };
    const summary = { id: user.id, email: user.email, username: user.username };
    if (user.role === 'admin') return { status: 'already_admin' as const, user: summary };
    const previousRole = user.role;
    user.role = 'admin';
    await users.save(tx, user);
    await new UserEvents(outbox).roleChanged(
      tx,
      user.id,
      { role: 'admin', previousRole },
      { actorId: null },
    );
    return { status: 'granted' as const, user: summary };
  });
}
