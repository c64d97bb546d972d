import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsString, MaxLength } from 'class-validator';
import { Omittable } from '@loadout/http';
import {
  type MailboxMessagesQuery,
  type MailboxPageQuery,
  type MailboxMessage,
} from '@loadout/contracts';

export class MailboxMessagesQueryDto implements MailboxMessagesQuery {
  @ApiPropertyOptional({ description: 'Only messages to this address (case-insensitive)' })
  @Omittable()
  @IsString()
  @MaxLength(320)
  to?: string;
}

export const REFRESH_CHOICES = [5, 15] as const;

export class MailboxPageQueryDto extends MailboxMessagesQueryDto implements MailboxPageQuery {
  @ApiPropertyOptional({ enum: REFRESH_CHOICES, description: 'Reload the page every N seconds' })
  @Omittable()
  @Type(() => Number)
  @IsInt()
  @IsIn(REFRESH_CHOICES, { message: `Refresh must be one of ${REFRESH_CHOICES.join(', ')}.` })
  refresh?: number;
}

export class MailboxMessageDto implements MailboxMessage {
  @ApiProperty() id!: string;
  @ApiProperty() to!: string;
  @ApiProperty() subject!: string;
  @ApiProperty() text!: string;
  @ApiProperty() html!: string;
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'string' },
    description: 'Extra headers (List-Unsubscribe…)',
  })
  headers?: Record<string, string>;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}
