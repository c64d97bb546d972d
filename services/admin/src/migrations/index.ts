import { CreateAdmin1795719140614 } from './1795719140614-create-admin';
import { TrustAndSafety1795719200000 } from './1795719200000-trust-and-safety';
import { StatsReadModel1795719300000 } from './1795719300000-stats-read-model';
import { StatsSuspendedSellers1795719500000 } from './1795719500000-stats-suspended-sellers';

/** Every migration, in order. New ones are appended here and committed. */
export const adminMigrations = [
  CreateAdmin1795719140614,
  TrustAndSafety1795719200000,
  StatsReadModel1795719300000,
  StatsSuspendedSellers1795719500000,
];
