import { Injectable } from '@nestjs/common';
import { type SuspensionDuration } from '@loadout/contracts';
import { AppError, conflictError, notFoundError } from '@loadout/errors';
import { ServiceDirectory } from '../../platform/service-directory';

const subjectNotFound = () =>
  notFoundError('ADMIN.SUBJECT_NOT_FOUND', 'What you reported could not be found.');

const refused = (what: string, status: number, body: unknown) =>
  new AppError(
    'ADMIN.ACTION_REFUSED',
    `The ${what} was refused (${status}).`,
    status === 404 ? 'not_found' : 'conflict',
    body,
  );

/** What the moderation use cases ask other services: owners of items, removals, hiding. */
@Injectable()
export class SubjectServices {
  constructor(private readonly services: ServiceDirectory) {}

  /** The seller of a listing; 404 when the listing does not exist, null when unknown. */
  async listingSeller(listingId: string): Promise<string | null> {
    if (!this.services.urlOf('listings')) return null;
    const res = await this.services.call<{ sellerId?: string }>(
      'listings',
      `/api/v1/listings/${encodeURIComponent(listingId)}`,
    );
    if (res.status === 404 || res.status === 400) throw subjectNotFound();
    return res.status === 200 ? (res.body?.sellerId ?? null) : null;
  }

  /** The id of a profile's user; 404 when there is no such username, null when unknown. */
  async profileUser(username: string): Promise<string | null> {
    if (!this.services.urlOf('identity')) return null;
    const res = await this.services.call<{ id?: string }>(
      'identity',
      `/api/v1/users/${encodeURIComponent(username)}`,
    );
    if (res.status === 404 || res.status === 400) throw subjectNotFound();
    return res.status === 200 ? (res.body?.id ?? null) : null;
  }

  /** Listings' moderator removal (with the reason shown to the seller); returns the seller. */
  async removeListing(listingId: string, reason: string, token: string): Promise<string | null> {
    const res = await this.services.call<{ sellerId?: string; status?: string }>(
      'listings',
      `/api/v1/listings/${encodeURIComponent(listingId)}`,
      { method: 'DELETE', token, json: { reason: reason.slice(0, 500) } },
    );
    if (res.status === 200) return res.body?.sellerId ?? null;
    if (res.status === 409)
      throw conflictError(
        'ADMIN.ACTION_REFUSED',
        'The listing cannot be removed in its current state.',
        res.body,
      );
    throw refused('listing removal', res.status, res.body);
  }

  /** Identity's suspension of an account (ADR 0035); returns when it ends (null = permanent). */
  async suspendUser(
    userId: string,
    duration: SuspensionDuration,
    reason: string,
    token: string,
  ): Promise<{ until: string | null }> {
    const res = await this.services.call<{ suspension?: { until: string | null } | null }>(
      'identity',
      `/api/v1/admin/users/${encodeURIComponent(userId)}/suspension`,
      { method: 'POST', token, json: { duration, reason: reason.slice(0, 500) } },
    );
    if (res.status === 201 || res.status === 200)
      return { until: res.body?.suspension?.until ?? null };
    if (res.status === 409)
      throw conflictError(
        'ADMIN.ACTION_REFUSED',
        'Identity refused the suspension (an admin account, or your own).',
        res.body,
      );
    throw refused('suspension', res.status, res.body);
  }

  /** Lifts an account's suspension in identity (a reversed appeal); idempotent there. */
  async reinstateUser(userId: string, note: string, token: string): Promise<void> {
    const res = await this.services.call(
      'identity',
      `/api/v1/admin/users/${encodeURIComponent(userId)}/suspension`,
      { method: 'DELETE', token, json: { reason: note.slice(0, 500) } },
    );
    if (res.status !== 200) throw refused('reinstatement', res.status, res.body);
  }

  /** Messaging's moderator hiding of one message; returns its sender. */
  async hideMessage(
    conversationId: string,
    messageId: string,
    reason: string,
    token: string,
  ): Promise<string | null> {
    const res = await this.services.call<{ senderId?: string }>(
      'messaging',
      `/api/v1/conversations/${encodeURIComponent(conversationId)}/messages/${encodeURIComponent(messageId)}/hide`,
      { method: 'POST', token, json: { reason: reason.slice(0, 500) } },
    );
    if (res.status === 200) return res.body?.senderId ?? null;
    throw refused('message hiding', res.status, res.body);
  }
}
