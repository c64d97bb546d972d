import { Inject, Injectable } from '@nestjs/common';
import { AppError, notFoundError } from '@loadout/errors';
import { MESSAGING_CONFIG, type MessagingConfig } from '../../messaging.config';

export const recipientNotFound = () =>
  notFoundError('MESSAGING.RECIPIENT_NOT_FOUND', 'That user could not be found.');
const identityUnavailable = () =>
  new AppError(
    'MESSAGING.IDENTITY_UNAVAILABLE',
    'We cannot check that user right now. Please try again shortly.',
    'unavailable',
  );

/** Whether a user id may be messaged (a port: tests of handlers may serve their own). */
export abstract class UserDirectory {
  /** Resolves for an existing, active user; 404 `MESSAGING.RECIPIENT_NOT_FOUND` otherwise. */
  abstract requireActive(userId: string): Promise<void>;
}

/**
 * Asks identity's `GET /internal/users/{id}` (issue 22 item 8). Not cached: starting a
 * conversation is rare next to sending, and a suspension must count at once.
 */
@Injectable()
export class HttpUserDirectory extends UserDirectory {
  constructor(@Inject(MESSAGING_CONFIG) private readonly config: MessagingConfig) {
    super();
  }

  async requireActive(userId: string): Promise<void> {
    const base = this.config.IDENTITY_URL;
    if (!base) throw identityUnavailable();
    let res: Response;
    try {
      res = await fetch(`${base.replace(/\/$/, '')}/internal/users/${encodeURIComponent(userId)}`, {
        signal: AbortSignal.timeout(5000),
      });
    } catch {
      throw identityUnavailable();
    }
    await res.body?.cancel();
    if (res.status === 404) throw recipientNotFound();
    if (!res.ok) throw identityUnavailable();
  }
}
