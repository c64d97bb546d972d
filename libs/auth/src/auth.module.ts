import { Module, type DynamicModule } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AuthGuard } from './auth.guard';
import { TokenVerifier, type TokenVerifierOptions } from './token-verifier';

@Module({})
export class AuthModule {
  static forRoot(options: TokenVerifierOptions): DynamicModule {
    return {
      module: AuthModule,
      global: true,
      providers: [
        { provide: TokenVerifier, useValue: new TokenVerifier(options) },
        { provide: APP_GUARD, useClass: AuthGuard },
      ],
      exports: [TokenVerifier],
    };
  }
}
