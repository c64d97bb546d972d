import { loadConfig, portVar, requireRedisForReplicas, serviceEnv, z } from '@loadout/config';

export const MAIL_TRANSPORTS = ['devbox', 'smtp'] as const;
export type MailTransport = (typeof MAIL_TRANSPORTS)[number];

export const notificationsEnv = serviceEnv
  .extend({
    PORT: portVar(3005),
    /** `devbox` stores mail in the database (readable at /dev/mailbox); `smtp` sends it. */
    MAIL_TRANSPORT: z.enum(MAIL_TRANSPORTS).default('devbox'),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/[^/\s]+/, 'must be an smtp:// or smtps:// URL (e.g. smtp://mailpit:1025)')
      .optional(),
    MAIL_FROM: z
      .string()
      .regex(/@/, 'must be an address, e.g. "Loadout" <no-reply@loadout.ie>')
      .default('"Loadout" <no-reply@loadout.ie>'),
    /** The gateway's public origin: links in mail point there. */
    PUBLIC_URL: z
      .url({ message: 'must be a URL' })
      .default('http://localhost:8080')
      .transform((u) => u.replace(/\/+$/, '')),
    KAFKA_CLIENT_ID: z.string().optional(),
  })
  .superRefine((env, ctx) => {
    requireRedisForReplicas(env, ctx, 'a notification push');
    // The dev mailbox is a public page full of sign-in links: never with real users.
    if (env.MAIL_TRANSPORT === 'devbox' && env.NODE_ENV === 'production') {
      ctx.addIssue({
        code: 'custom',
        path: ['MAIL_TRANSPORT'],
        message:
          'devbox (the public /dev/mailbox) is for development only; set MAIL_TRANSPORT=smtp and SMTP_URL when NODE_ENV=production',
      });
    }
    if (env.MAIL_TRANSPORT === 'smtp' && !env.SMTP_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message: 'is required when MAIL_TRANSPORT=smtp (e.g. smtp://mailpit:1025)',
      });
    }
  });

export type NotificationsConfig = ReturnType<typeof loadNotificationsConfig>;
export const NOTIFICATIONS_CONFIG = Symbol('NOTIFICATIONS_CONFIG');
export const NOTIFICATIONS_SCHEMA = 'notifications';
/** Consumer group of this service on the event transport. */
export const NOTIFICATIONS_GROUP = 'notifications';

export const loadNotificationsConfig = (env: NodeJS.ProcessEnv = process.env) =>
  loadConfig(notificationsEnv, env);
