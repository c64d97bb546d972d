import { type ExportService, type ServiceDataExport } from '@loadout/contracts';
import { forbiddenError } from '@loadout/errors';

/**
 * One service's part of "Download my data" (ADR 0039): `GET /internal/users/{id}/export` answers
 * only for the token's own subject (403 `<SERVICE>.NOT_YOUR_DATA` otherwise), and wraps what
 * `read` returns with the service's name and the time it was read.
 */
export async function ownDataExport(
  service: ExportService,
  caller: { id: string },
  id: string,
  read: () => Promise<Record<string, unknown>>,
): Promise<ServiceDataExport> {
  if (id !== caller.id)
    throw forbiddenError(
      `${service.toUpperCase()}.NOT_YOUR_DATA`,
      'You can only read your own data.',
    );
  return { service, exportedAt: new Date().toISOString(), data: await read() };
}
