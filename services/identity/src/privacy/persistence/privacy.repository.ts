import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { AddressEntity } from '../../addresses/persistence/address.entity';
import { type UserEntity } from '../../accounts/persistence/user.entity';

/** Identity's own part of "Download my data": the profile as stored, and the address book. */
export interface IdentityDataExport {
  profile: {
    id: string;
    email: string;
    username: string;
    displayName: string;
    fullName: string;
    bio: string;
    location: string;
    county: string | null;
    avatarUrl: string | null;
    sellerType: string;
    role: string;
    dateOfBirth: string | null;
    over18Declared: boolean;
    termsAcceptedAt: string | null;
    emailVerifiedAt: string | null;
    suspension: { since: string; until: string | null; reason: string | null } | null;
    createdAt: string;
    updatedAt: string;
  };
  addresses: Array<{
    id: string;
    name: string;
    line1: string;
    line2: string | null;
    town: string;
    county: string;
    eircode: string;
    phone: string | null;
    createdAt: string;
    updatedAt: string;
  }>;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Reads and erases what identity keeps about one account beyond the user row itself. */
@Injectable()
export class PrivacyRepository {
  async exportOf(manager: EntityManager, user: UserEntity): Promise<IdentityDataExport> {
    const addresses = await manager.find(AddressEntity, {
      where: { userId: user.id },
      order: { createdAt: 'ASC' },
    });
    return {
      profile: {
        id: user.id,
        email: user.email,
        username: user.username,
        displayName: user.displayName,
        fullName: user.fullName,
        bio: user.bio,
        location: user.location,
        county: user.county,
        avatarUrl: user.avatarUrl,
        sellerType: user.sellerType,
        role: user.role,
        dateOfBirth: user.dateOfBirth,
        over18Declared: user.over18Declared,
        termsAcceptedAt: iso(user.termsAcceptedAt),
        emailVerifiedAt: iso(user.emailVerifiedAt),
        suspension: user.suspendedAt
          ? {
              since: user.suspendedAt.toISOString(),
              until: iso(user.suspendedUntil),
              reason: user.suspendedReason,
            }
          : null,
        createdAt: user.createdAt.toISOString(),
        updatedAt: user.updatedAt.toISOString(),
      },
      addresses: addresses.map((a) => ({
        id: a.id,
        name: a.name,
        line1: a.line1,
        line2: a.line2,
        town: a.town,
        county: a.county,
        eircode: a.eircode,
        phone: a.phone,
        createdAt: a.createdAt.toISOString(),
        updatedAt: a.updatedAt.toISOString(),
      })),
    };
  }

  /** The whole address book of the account goes (ADR 0029: erased with the account). */
  async eraseAddresses(tx: EntityManager, userId: string): Promise<void> {
    await tx.delete(AddressEntity, { userId });
  }

  /** Pending one-time tokens (verification, password reset) name the old email: gone too. */
  async eraseAccountTokens(tx: EntityManager, userId: string): Promise<void> {
    await tx.query(`DELETE FROM "identity"."account_tokens" WHERE "user_id" = $1`, [userId]);
  }
}
