import { Controller, Get, Header, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Public } from '@loadout/auth';
import { AcceptsBody } from '@loadout/http';
import { OPTIONAL_KIND_LABELS } from '../domain/email-kinds';
import { unsubscribeLinkInvalid } from '../domain/email-preference.errors';
import { EmailPreferenceRepository } from '../persistence/email-preference.repository';
import { confirmUnsubscribePage, unsubscribedPage } from './unsubscribe-page';
import { UnsubscribeTokens } from './unsubscribe-tokens';

/**
 * The link of every non-essential email. Public, but the signed token is the credential: it
 * names one user and one optional kind and can only turn that kind off (RFC 8058 one-click).
 */
@ApiTags('notifications')
@Controller('api/v1/notifications/unsubscribe')
export class UnsubscribeController {
  constructor(
    private readonly tokens: UnsubscribeTokens,
    private readonly preferences: EmailPreferenceRepository,
  ) {}

  @Public()
  @Get()
  @Header('content-type', 'text/html; charset=utf-8')
  @Header('cache-control', 'no-store')
  @Header('referrer-policy', 'no-referrer')
  @ApiProduces('text/html')
  @ApiQuery({ name: 'token', description: 'The signed token of the email link' })
  @ApiOperation({ summary: 'Public (signed token): a page confirming the unsubscribe' })
  async confirm(@Query('token') token: unknown): Promise<string> {
    const who = await this.tokens.verify(token);
    if (!who) throw unsubscribeLinkInvalid();
    return confirmUnsubscribePage(OPTIONAL_KIND_LABELS[who.kind], token as string);
  }

  @Public()
  @Post()
  // The token in the URL is the credential; the form body (RFC 8058) is not read.
  @AcceptsBody('application/x-www-form-urlencoded', 'multipart/form-data')
  @HttpCode(200)
  @Header('content-type', 'text/html; charset=utf-8')
  @Header('cache-control', 'no-store')
  @Header('referrer-policy', 'no-referrer')
  @ApiProduces('text/html')
  @ApiQuery({ name: 'token', description: 'The signed token of the email link' })
  @ApiOperation({
    summary:
      'Public (signed token): RFC 8058 one-click unsubscribe (body `List-Unsubscribe=One-Click`, or the page form)',
  })
  async unsubscribe(@Query('token') token: unknown): Promise<string> {
    const who = await this.tokens.verify(token);
    if (!who) throw unsubscribeLinkInvalid();
    await this.preferences.update(who.userId, { [who.kind]: false });
    return unsubscribedPage(OPTIONAL_KIND_LABELS[who.kind]);
  }
}
