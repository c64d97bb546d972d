import { Module, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SessionRevocationRepository } from './persistence/session-revocation.repository';
import { SessionStateController } from './session-state/session-state.controller';
import { SignOutController } from './sign-out/sign-out.controller';
import { SignOutHandler } from './sign-out/sign-out.handler';

const CLEANUP_EVERY_MS = 15 * 60 * 1000;

/** Ended sessions (ADR 0019): the state every token check reads, and sign-out. Both modes. */
@Module({
  controllers: [SessionStateController, SignOutController],
  providers: [
    {
      provide: SessionRevocationRepository,
      inject: [DataSource],
      useFactory: (dataSource: DataSource) => new SessionRevocationRepository(dataSource),
    },
    SignOutHandler,
  ],
})
export class SessionsModule implements OnModuleInit, OnModuleDestroy {
  private cleanup?: NodeJS.Timeout;

  constructor(private readonly revocations: SessionRevocationRepository) {}

  onModuleInit(): void {
    const sweep = () => {
      this.revocations.deleteExpired().catch(() => undefined);
    };
    this.cleanup = setInterval(sweep, CLEANUP_EVERY_MS).unref();
  }

  onModuleDestroy(): void {
    if (this.cleanup) clearInterval(this.cleanup);
  }
}
