import { Logger, Module, type DynamicModule } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AuthGuard } from './auth.guard';
import {
  CachedSessionCheck,
  HttpSessionStateSource,
  SESSION_CHECK_TTL_MS,
  type SessionCheck,
} from './session-check';
import { TokenVerifier, type TokenVerifierOptions } from './token-verifier';

const WARN_EVERY_MS = 30_000;

/** The session check of ADR 0019 over identity's endpoint; failures warn at most twice a minute. */
function sessionCheckFor(url: string | undefined): SessionCheck | undefined {
  if (!url) return undefined;
  const logger = new Logger('SessionCheck');
  let warnedAt = -Infinity;
  return new CachedSessionCheck(new HttpSessionStateSource(url), {
    ttlMs: SESSION_CHECK_TTL_MS,
    maxEntries: 10_000,
    onSourceError: (err) => {
      if (Date.now() - warnedAt < WARN_EVERY_MS) return;
      warnedAt = Date.now();
      logger.warn(
        `session state unavailable (${err instanceof Error ? err.message : String(err)}): using the last known state`,
      );
    },
  });
}

@Module({})
export class AuthModule {
  static forRoot(options: TokenVerifierOptions): DynamicModule {
    return {
      module: AuthModule,
      global: true,
      providers: [
        {
          provide: TokenVerifier,
          useValue: new TokenVerifier(options, sessionCheckFor(options.sessionsUrl)),
        },
        { provide: APP_GUARD, useClass: AuthGuard },
      ],
      exports: [TokenVerifier],
    };
  }
}
