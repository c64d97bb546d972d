import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsObject, ValidateNested } from 'class-validator';
import {
  MODERATION_ACTIONS,
  type DecideCaseRequest,
  type ModerationAction,
} from '@loadout/contracts';
import { StatementDto } from '../statement.dto';

export class DecideCaseDto implements DecideCaseRequest {
  @ApiProperty({ enum: MODERATION_ACTIONS })
  @IsIn(MODERATION_ACTIONS, {
    message: 'Action must be dismiss, remove_listing, hide_message or warn_user.',
  })
  action!: ModerationAction;

  @ApiProperty({ type: StatementDto })
  @IsObject()
  @ValidateNested()
  @Type(() => StatementDto)
  statement!: StatementDto;
}
