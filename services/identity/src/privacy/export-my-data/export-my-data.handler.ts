import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  type DataExportArchive,
  EXPORT_SERVICES,
  type ExportPart,
  type ExportService,
  type ServiceDataExport,
} from '@loadout/contracts';
import { userNotFound } from '../../accounts/domain/account.errors';
import { UserRepository } from '../../accounts/persistence/user.repository';
import { type OtherService, PlatformServices } from '../platform/platform-services';
import { PrivacyRepository } from '../persistence/privacy.repository';

const UNAVAILABLE: Record<'not_configured' | 'unreachable' | 'bad_answer', string> = {
  not_configured: 'This service is not connected here; its data could not be included.',
  unreachable: 'This service could not be reached; download your data again later.',
  bad_answer: 'This service did not answer properly; download your data again later.',
};

/**
 * "Download my data" (GDPR art. 15 and 20, ADR 0039): identity's own part, read here, and one
 * part per service from its `internal/users/{id}/export`, all asked at once with the caller's
 * own token. A service that does not answer is marked `unavailable` in the archive.
 */
@Injectable()
export class ExportMyDataHandler {
  constructor(
    private readonly users: UserRepository,
    private readonly privacy: PrivacyRepository,
    private readonly services: PlatformServices,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async export(userId: string, token: string): Promise<DataExportArchive> {
    const user = await this.users.findById(userId);
    if (!user || user.deletedAt) throw userNotFound();
    const path = `/internal/users/${encodeURIComponent(userId)}/export`;
    const parts = await Promise.all(
      EXPORT_SERVICES.map(async (service): Promise<[ExportService, ExportPart]> => {
        if (service === 'identity') {
          const data = await this.privacy.exportOf(this.dataSource.manager, user);
          return [
            service,
            { status: 'ok', exportedAt: new Date().toISOString(), data: { ...data } },
          ];
        }
        const res = await this.services.get<ServiceDataExport>(
          service as OtherService,
          path,
          token,
        );
        if (!res.ok || typeof res.body?.data !== 'object' || res.body.data === null)
          return [
            service,
            { status: 'unavailable', message: UNAVAILABLE[res.ok ? 'bad_answer' : res.reason] },
          ];
        return [service, { status: 'ok', exportedAt: res.body.exportedAt, data: res.body.data }];
      }),
    );
    return {
      format: 'loadout.data-export.v1',
      userId,
      generatedAt: new Date().toISOString(),
      services: Object.fromEntries(parts) as DataExportArchive['services'],
    };
  }
}
