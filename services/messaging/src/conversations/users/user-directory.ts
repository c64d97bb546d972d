import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  INTERNAL_USER_PROFILES_MAX_IDS,
  type InternalUserProfile,
  type InternalUserProfilesResponse,
} from '@loadout/contracts';
import { AppError, notFoundError } from '@loadout/errors';
import { InternalHttpClient } from '@loadout/http';
import { MESSAGING_CONFIG, type MessagingConfig } from '../../messaging.config';

export const recipientNotFound = () =>
  notFoundError('MESSAGING.RECIPIENT_NOT_FOUND', 'That user could not be found.');
const identityUnavailable = () =>
  new AppError(
    'MESSAGING.IDENTITY_UNAVAILABLE',
    'We cannot check that user right now. Please try again shortly.',
    'unavailable',
  );

/** Whether a user id may be messaged, and who they are (a port: tests may serve their own). */
export abstract class UserDirectory {
  /** Resolves for an existing, active user; 404 `MESSAGING.RECIPIENT_NOT_FOUND` otherwise. */
  abstract requireActive(userId: string): Promise<void>;
  /**
   * Display names and avatars of the active users among `ids`. Never throws: a name is a
   * courtesy, so when identity cannot answer the conversations are listed without names.
   */
  abstract profiles(ids: string[]): Promise<Map<string, InternalUserProfile>>;
}

/** How long a name is kept: a renamed user shows the new name within this. */
const PROFILE_TTL_MS = 60_000;
/** Names kept at most (about 100 bytes each); the cache starts afresh beyond it. */
const PROFILE_CACHE_MAX = 20_000;

/**
 * Asks identity's `GET /internal/users/{id}` (issue 22 item 8) and
 * `GET /internal/user-profiles?ids=` (issue 25 item 6). Activity is not cached: starting a
 * conversation is rare next to sending, and a suspension must count at once. Names are
 * cached for a minute, so a list of 30 conversations costs identity at most one call.
 */
@Injectable()
export class HttpUserDirectory extends UserDirectory {
  private readonly log = new Logger('UserDirectory');
  private readonly cache = new Map<
    string,
    { profile: InternalUserProfile | null; until: number }
  >();

  private readonly identity: InternalHttpClient;

  constructor(@Inject(MESSAGING_CONFIG) config: MessagingConfig) {
    super();
    this.identity = new InternalHttpClient({
      baseUrl: config.IDENTITY_URL,
      unavailable: identityUnavailable,
    });
  }

  async requireActive(userId: string): Promise<void> {
    const res = await this.identity.call(`/internal/users/${encodeURIComponent(userId)}`);
    if (res.status === 404) throw recipientNotFound();
    if (!res.ok) throw identityUnavailable();
  }

  async profiles(ids: string[]): Promise<Map<string, InternalUserProfile>> {
    const now = Date.now();
    const found = new Map<string, InternalUserProfile>();
    const missing: string[] = [];
    for (const id of new Set(ids)) {
      const hit = this.cache.get(id);
      if (hit && hit.until > now) {
        if (hit.profile) found.set(id, hit.profile);
      } else missing.push(id);
    }
    for (let i = 0; i < missing.length; i += INTERNAL_USER_PROFILES_MAX_IDS) {
      const batch = missing.slice(i, i + INTERNAL_USER_PROFILES_MAX_IDS);
      const answered = await this.fetchProfiles(batch);
      if (!answered) continue;
      if (this.cache.size + batch.length > PROFILE_CACHE_MAX) this.cache.clear();
      const byId = new Map(answered.map((p) => [p.id, p]));
      for (const id of batch) {
        const profile = byId.get(id) ?? null;
        this.cache.set(id, { profile, until: now + PROFILE_TTL_MS });
        if (profile) found.set(id, profile);
      }
    }
    return found;
  }

  private async fetchProfiles(ids: string[]): Promise<InternalUserProfile[] | null> {
    if (!this.identity.configured) return null;
    try {
      const res = await this.identity.call<InternalUserProfilesResponse>(
        '/internal/user-profiles',
        { query: { ids: ids.join(',') }, timeoutMs: 3000 },
      );
      if (!res.ok) {
        this.log.warn(`identity answered ${res.status} for user profiles: listed without names`);
        return null;
      }
      return Array.isArray(res.body?.items) ? res.body.items : null;
    } catch {
      this.log.warn('identity unreachable for user profiles: listed without names');
      return null;
    }
  }
}
