import { Module, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { EmailPreferenceRepository } from './persistence/email-preference.repository';
import { SigningKeyRepository } from './persistence/signing-key.repository';
import { UnsubscribeController } from './unsubscribe/unsubscribe.controller';
import { UnsubscribeTokens } from './unsubscribe/unsubscribe-tokens';
import { UpdatePreferencesController } from './update-preferences/update-preferences.controller';
import { UpdatePreferencesHandler } from './update-preferences/update-preferences.handler';
import { ViewPreferencesController } from './view-preferences/view-preferences.controller';

const FORM = 'application/x-www-form-urlencoded';
const MULTIPART = 'multipart/form-data';

/** `GET/PUT notifications/preferences` and the public one-click unsubscribe. */
@Module({
  controllers: [ViewPreferencesController, UpdatePreferencesController, UnsubscribeController],
  providers: [
    EmailPreferenceRepository,
    SigningKeyRepository,
    UnsubscribeTokens,
    UpdatePreferencesHandler,
  ],
})
export class EmailPreferencesModule implements OnModuleInit {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onModuleInit(): void {
    // RFC 8058 clients POST `List-Unsubscribe=One-Click` as a form; Fastify parses only JSON
    // and text by itself. The body carries nothing we need (the token is in the URL).
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (fastify && !fastify.hasContentTypeParser(FORM)) {
      fastify.addContentTypeParser(
        FORM,
        { parseAs: 'string', bodyLimit: 1024 },
        (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
      );
    }
    if (fastify && !fastify.hasContentTypeParser(MULTIPART)) {
      fastify.addContentTypeParser(
        MULTIPART,
        { parseAs: 'string', bodyLimit: 4096 },
        (_req, _body, done) => done(null, {}),
      );
    }
  }
}
