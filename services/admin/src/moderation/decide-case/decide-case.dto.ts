import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsObject, ValidateNested } from 'class-validator';
import {
  MODERATION_ACTIONS,
  SUSPENSION_DURATIONS,
  type DecideCaseRequest,
  type ModerationAction,
  type SuspensionDuration,
} from '@loadout/contracts';
import { Omittable } from '@loadout/http';
import { StatementDto } from '../statement.dto';

export class DecideCaseDto implements DecideCaseRequest {
  @ApiProperty({ enum: MODERATION_ACTIONS })
  @IsIn(MODERATION_ACTIONS, {
    message: 'Action must be dismiss, remove_listing, hide_message, warn_user or suspend_user.',
  })
  action!: ModerationAction;

  @ApiPropertyOptional({ enum: SUSPENSION_DURATIONS, description: 'Required with suspend_user' })
  @Omittable()
  @IsIn(SUSPENSION_DURATIONS, { message: 'Suspension must be 7d, 30d or permanent.' })
  suspension?: SuspensionDuration;

  @ApiProperty({ type: StatementDto })
  @IsObject()
  @ValidateNested()
  @Type(() => StatementDto)
  statement!: StatementDto;
}
