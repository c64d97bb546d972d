import { defineService } from '@loadout/service-kit';
import { ConversationsModule, MESSAGING_ENTITIES } from './conversations/conversations.module';
import { MESSAGING_CONFIG, MESSAGING_SCHEMA, loadMessagingConfig } from './messaging.config';
import { messagingMigrations } from './migrations';
import { RealtimeModule } from './realtime/realtime.module';

/** The messaging service: one-to-one conversations between users, pushed live over /ws. */
export const messagingService = defineService({
  name: 'messaging',
  schema: MESSAGING_SCHEMA,
  loadConfig: loadMessagingConfig,
  configToken: MESSAGING_CONFIG,
  entities: MESSAGING_ENTITIES,
  migrations: messagingMigrations,
  modules: (config) => [RealtimeModule, ConversationsModule.register(config)],
  // Identity's account deletions (ADR 0039): the only events messaging consumes.
  consumers: [{ group: 'messaging' }],
});
