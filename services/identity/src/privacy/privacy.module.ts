import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { KeycloakAdminClient } from './delete-keycloak-user/keycloak-admin-client';
import { KeycloakUserDeletions } from './delete-keycloak-user/keycloak-user-deletions';
import { KEYCLOAK_USERS } from './delete-keycloak-user/keycloak-users.port';
import { DeleteMyAccountController } from './delete-my-account/delete-my-account.controller';
import { DeleteMyAccountHandler } from './delete-my-account/delete-my-account.handler';
import { ExportMyDataController } from './export-my-data/export-my-data.controller';
import { ExportMyDataHandler } from './export-my-data/export-my-data.handler';
import { PrivacyRepository } from './persistence/privacy.repository';
import { PlatformServices } from './platform/platform-services';

/** GDPR self-service (issue 26, ADR 0039): download my data, delete my account. */
@Module({
  imports: [AccountsModule],
  controllers: [ExportMyDataController, DeleteMyAccountController],
  providers: [
    PlatformServices,
    PrivacyRepository,
    ExportMyDataHandler,
    DeleteMyAccountHandler,
    { provide: KEYCLOAK_USERS, useClass: KeycloakAdminClient },
    KeycloakUserDeletions,
  ],
})
export class PrivacyModule {}
