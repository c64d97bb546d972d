import { Controller, Delete, Get, Header, HttpCode, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { Public } from '@loadout/auth';
import { type DevMailboxMessageEntity } from '../mail/dev-mailbox-message.entity';
import { MailboxMessageDto, MailboxMessagesQueryDto, MailboxPageQueryDto } from './dev-mailbox.dto';
import { renderMailboxPage } from './dev-mailbox-page';
import { DevMailboxRepository } from './dev-mailbox.repository';

const PAGE_LIMIT = 100;
const JSON_LIMIT = 200;

const toDto = (m: DevMailboxMessageEntity): MailboxMessageDto => ({
  id: m.id,
  to: m.to,
  subject: m.subject,
  text: m.text,
  html: m.html,
  headers: m.headers ?? {},
  createdAt: m.createdAt.toISOString(),
});

/**
 * Development tool, mounted only with MAIL_TRANSPORT=devbox: public on purpose (no account
 * exists before the verification mail is read), which is why it never runs with real mail.
 */
@ApiTags('dev mailbox (development only)')
@Controller('dev/mailbox')
export class DevMailboxController {
  constructor(private readonly mailbox: DevMailboxRepository) {}

  @Public()
  @Get()
  @Header('content-type', 'text/html; charset=utf-8')
  @Header('cache-control', 'no-store')
  @ApiProduces('text/html')
  @ApiOperation({ summary: 'The stored mail as an HTML page, newest first' })
  async page(@Query() query: MailboxPageQueryDto): Promise<string> {
    const rows = await this.mailbox.latest({ to: query.to }, PAGE_LIMIT);
    return renderMailboxPage({ messages: rows.map(toDto), to: query.to, refresh: query.refresh });
  }

  @Public()
  @Get('messages')
  @Header('cache-control', 'no-store')
  @ApiOperation({ summary: 'Stored mail as JSON, newest first (tests read links from here)' })
  @ApiOkResponse({ type: [MailboxMessageDto] })
  async messages(@Query() query: MailboxMessagesQueryDto): Promise<MailboxMessageDto[]> {
    return (await this.mailbox.latest({ to: query.to }, JSON_LIMIT)).map(toDto);
  }

  @Public()
  @Delete('messages')
  @HttpCode(204)
  @ApiOperation({ summary: 'Empties the mailbox' })
  async clear(): Promise<void> {
    await this.mailbox.clear();
  }
}
