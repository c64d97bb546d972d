import { Module, type DynamicModule } from '@nestjs/common';
import { ConfirmReportReceiptController } from './confirm-report-receipt/confirm-report-receipt.controller';
import { ConfirmReportReceiptHandler } from './confirm-report-receipt/confirm-report-receipt.handler';
import { EmailsModule } from './emails/emails.module';
import { InboxModule } from './inbox/inbox.module';
import { type NotificationsConfig } from './notifications.config';
import { RecipientRepository } from './recipients/persistence/recipient.repository';
import { SendStatementOfReasonsController } from './send-statement-of-reasons/send-statement-of-reasons.controller';
import { SendStatementOfReasonsHandler } from './send-statement-of-reasons/send-statement-of-reasons.handler';

/** Reactions to the admin service's notice-and-action events: receipts and statements. */
@Module({})
export class ModerationReactionsModule {
  static register(config: NotificationsConfig): DynamicModule {
    return {
      module: ModerationReactionsModule,
      imports: [EmailsModule.register(config), InboxModule],
      controllers: [ConfirmReportReceiptController, SendStatementOfReasonsController],
      providers: [RecipientRepository, ConfirmReportReceiptHandler, SendStatementOfReasonsHandler],
    };
  }
}
