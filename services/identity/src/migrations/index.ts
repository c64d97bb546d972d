import { CreateIdentity1764100000000 } from './1764100000000-create-identity';
import { EndedSessions1768000000000 } from './1768000000000-ended-sessions';
import { UsernameSkeleton1768000000001 } from './1768000000001-username-skeleton';
import { Addresses1769600000000 } from './1769600000000-addresses';
import { SuspensionEnd1770200000000 } from './1770200000000-suspension-end';
import { AccountDeletion1770530000000 } from './1770530000000-account-deletion';
import { KeycloakUserDeletions1780300000002 } from './1780300000002-keycloak-user-deletions';

/** Every migration, in order. New ones are appended here and committed. */
export const identityMigrations = [
  CreateIdentity1764100000000,
  EndedSessions1768000000000,
  UsernameSkeleton1768000000001,
  Addresses1769600000000,
  SuspensionEnd1770200000000,
  AccountDeletion1770530000000,
  KeycloakUserDeletions1780300000002,
];
