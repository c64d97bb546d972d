import { CreateAdmin1795719140614 } from './1795719140614-create-admin';

/** Every migration, in order. New ones are appended here and committed. */
export const adminMigrations = [CreateAdmin1795719140614];
