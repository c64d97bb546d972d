import { CreateIdentity1764100000000 } from './1764100000000-create-identity';

/** Every migration, in order. New ones are appended here and committed. */
export const identityMigrations = [CreateIdentity1764100000000];
