import { loadConfig, portVar, requireRedisForReplicas, serviceEnv, z } from '@loadout/config';
import { imagesEnv } from '@loadout/images';
import { storageEnv } from '@loadout/storage';

/** Photos in messages go to object storage (with S3, a private bucket of their own). */
export const messagingEnv = serviceEnv.extend({
  ...storageEnv.shape,
  ...imagesEnv.shape,
  S3_BUCKET: z.string().default('loadout-messages'),
  PORT: portVar(3004),
  /** Base URL of the listings service: the listing context of a conversation is read there. */
  LISTINGS_URL: z.string().url().optional(),
  /**
   * Base URL of the identity service: a new conversation's recipient must be an existing,
   * active user (`GET /internal/users/{id}`); unset = starting a conversation answers 503.
   */
  IDENTITY_URL: z.string().url().optional(),
  KAFKA_CLIENT_ID: z.string().optional(),
});
const messagingEnvChecked = messagingEnv.superRefine((env, ctx) =>
  requireRedisForReplicas(env, ctx, 'a message'),
);
export type MessagingConfig = ReturnType<typeof loadMessagingConfig>;
export const MESSAGING_CONFIG = Symbol('MESSAGING_CONFIG');
export const MESSAGING_SCHEMA = 'messaging';

export const loadMessagingConfig = (env: NodeJS.ProcessEnv = process.env) =>
  loadConfig(messagingEnvChecked, env);
