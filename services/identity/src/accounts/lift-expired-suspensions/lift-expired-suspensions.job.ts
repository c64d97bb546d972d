import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { ReinstateUserHandler } from '../reinstate-user/reinstate-user.handler';

const SWEEP_EVERY_MS = 60 * 1000;

/**
 * Lifts suspensions past their end date every minute (ADR 0035), so listings learns of it
 * (`identity.user.reinstated.v1`) even when the user never signs in again. Sign-in lifts an
 * expired one on the spot too. Replicas racing on one account: the row lock lets one win.
 */
@Injectable()
export class LiftExpiredSuspensionsJob implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(LiftExpiredSuspensionsJob.name);
  private timer?: NodeJS.Timeout;

  constructor(private readonly reinstate: ReinstateUserHandler) {}

  onModuleInit(): void {
    // sweep() never rejects: it logs its own failure.
    this.timer = setInterval(() => {
      this.sweep().catch(() => undefined);
    }, SWEEP_EVERY_MS).unref();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
  }

  async sweep(): Promise<number> {
    try {
      const lifted = await this.reinstate.liftExpired();
      if (lifted > 0) this.logger.log({ lifted }, 'lifted expired suspensions');
      return lifted;
    } catch (err) {
      this.logger.warn({ err }, 'lifting expired suspensions failed; next sweep retries');
      return 0;
    }
  }
}
