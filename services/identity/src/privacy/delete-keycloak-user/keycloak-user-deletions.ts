import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { RetriedTasks, type PendingTask, type TaskRound } from '@loadout/db';
import { IDENTITY_CONFIG, IDENTITY_SCHEMA, type IdentityConfig } from '../../identity.config';
import { KEYCLOAK_USERS, type KeycloakUsers } from './keycloak-users.port';

/** A deleted account's realm user goes within about a minute, retried while Keycloak is away. */
const RUN_EVERY_MS = 60 * 1000;

/**
 * Keycloak mode, account deletion (ADR 0039, amended): the user id is queued in the deletion's
 * own transaction, and the realm user is deleted only after it committed — at once by
 * `deleteDue` after the commit, else by the next round — retried with backoff until Keycloak
 * answers (a user already gone counts as deleted). Embedded mode queues nothing and runs no
 * rounds.
 */
@Injectable()
export class KeycloakUserDeletions implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly tasks: RetriedTasks;
  private readonly keycloakMode: boolean;

  constructor(
    @InjectDataSource() dataSource: DataSource,
    @Inject(KEYCLOAK_USERS) users: KeycloakUsers,
    @Inject(IDENTITY_CONFIG) config: IdentityConfig,
  ) {
    this.keycloakMode = config.IDENTITY_PROVIDER === 'keycloak';
    const log = new Logger(KeycloakUserDeletions.name);
    this.tasks = new RetriedTasks({
      db: dataSource,
      schema: IDENTITY_SCHEMA,
      table: 'keycloak_user_deletions',
      run: async (userId) => {
        const outcome = await users.delete(userId);
        log.log(`Keycloak user ${userId} of a deleted account: ${outcome.replace('_', ' ')}`);
      },
      what: 'Keycloak user deletion',
      log,
    });
  }

  /** Inside the account deletion's transaction (Keycloak mode only). */
  async enqueue(tx: EntityManager, userId: string): Promise<void> {
    if (this.keycloakMode) await this.tasks.enqueue(tx, [userId]);
  }

  /** After the deletion committed: its realm user now rather than at the next round. */
  kick(): void {
    if (this.keycloakMode) void this.tasks.runDue().catch(() => undefined);
  }

  /** Deletes the realm users whose turn has come; never throws for a Keycloak failure. */
  deleteDue(now?: Date): Promise<TaskRound> {
    return this.tasks.runDue(now);
  }

  pending(): Promise<PendingTask[]> {
    return this.tasks.pending();
  }

  onApplicationBootstrap(): void {
    if (this.keycloakMode) this.tasks.start(RUN_EVERY_MS);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.tasks.stop();
  }
}
