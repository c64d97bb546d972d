import { Controller, Delete, Get, HttpCode, Inject, Param, Post, Query } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Roles } from '@loadout/auth';
import { notFoundError, validationError } from '@loadout/errors';
import { type DeadLetter, DeadLetterStore, isEventId } from './dead-letter-store';

export const DEAD_LETTER_SERVICE = Symbol('DEAD_LETTER_SERVICE');

export interface DeadLetterList {
  service: string;
  items: DeadLetter[];
}

const notFound = () =>
  notFoundError('EVENTS.DEAD_LETTER_NOT_FOUND', 'No such dead letter (replayed or discarded?).');

/**
 * Every service's dead letters, for the admin service (which lists, replays and discards them
 * for admins and writes the audit log). Outside `/api/v1`, so the gateway never routes it; an
 * admin's token is still required, the admin service forwards the caller's.
 */
@ApiExcludeController()
@Roles('admin')
@Controller('internal/dead-letters')
export class DeadLettersController {
  constructor(
    private readonly store: DeadLetterStore,
    @Inject(DEAD_LETTER_SERVICE) private readonly service: string,
  ) {}

  @Get()
  async list(@Query('limit') limit?: string): Promise<DeadLetterList> {
    const n = limit === undefined ? 50 : Number(limit);
    if (!Number.isInteger(n) || n < 1 || n > 200)
      throw validationError('COMMON.VALIDATION_FAILED', 'limit must be an integer from 1 to 200.');
    return { service: this.service, items: await this.store.list(n) };
  }

  @Post(':consumer/:eventId/replay')
  @HttpCode(200)
  async replay(
    @Param('consumer') consumer: string,
    @Param('eventId') eventId: string,
  ): Promise<{ replayed: true }> {
    if (!isEventId(eventId) || !(await this.store.replay(consumer, eventId))) throw notFound();
    return { replayed: true };
  }

  @Delete(':consumer/:eventId')
  @HttpCode(204)
  async discard(
    @Param('consumer') consumer: string,
    @Param('eventId') eventId: string,
  ): Promise<void> {
    if (!isEventId(eventId) || !(await this.store.discard(consumer, eventId))) throw notFound();
  }
}
