import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsString, Matches, MaxLength } from 'class-validator';
import { Omittable } from '@loadout/http';
import {
  DISPUTE_RESPONSE_KINDS,
  type DisputeResponseKind,
  type RespondToDisputeRequest,
} from '@loadout/contracts';

export class RespondToDisputeDto implements RespondToDisputeRequest {
  @ApiProperty({ enum: DISPUTE_RESPONSE_KINDS })
  @IsIn(DISPUTE_RESPONSE_KINDS, {
    message: 'Accept, propose a partial refund, or contest the dispute.',
  })
  kind!: DisputeResponseKind;

  @ApiPropertyOptional({ description: 'propose_partial only: cents back to the buyer.' })
  @Omittable()
  @IsInt({ message: 'The amount is a whole number of cents.' })
  amountCents?: number;

  @ApiProperty({ maxLength: 2000 })
  @IsString({ message: 'Write a message to the buyer.' })
  @Matches(/\S/, { message: 'Write a message to the buyer.' })
  @MaxLength(2000, { message: 'Keep the message under 2,000 characters.' })
  message!: string;
}
