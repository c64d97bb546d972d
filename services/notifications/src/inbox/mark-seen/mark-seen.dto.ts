import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsString, MaxLength } from 'class-validator';
import { type MarkNotificationsSeenRequest } from '@loadout/contracts';
import { MAX_LIST_LIMIT } from '../domain/notification-type';

export class MarkSeenDto implements MarkNotificationsSeenRequest {
  @ApiProperty({
    type: [String],
    maxItems: MAX_LIST_LIMIT,
    description: 'The notifications the bell showed; unknown or foreign ids are ignored',
  })
  @IsArray({ message: 'ids must be a list.' })
  @ArrayMaxSize(MAX_LIST_LIMIT, { message: `At most ${MAX_LIST_LIMIT} ids.` })
  @IsString({ each: true, message: 'Each id must be a string.' })
  @MaxLength(64, { each: true, message: 'An id is at most 64 characters.' })
  ids!: string[];
}
