import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsString, Matches, MaxLength } from 'class-validator';
import { Omittable } from '@loadout/http';
import {
  DISPUTE_OUTCOME_KINDS,
  type DecideDisputeRequest,
  type DisputeOutcomeKind,
} from '@loadout/contracts';

export class DecideDisputeDto implements DecideDisputeRequest {
  @ApiProperty({ enum: DISPUTE_OUTCOME_KINDS })
  @IsIn(DISPUTE_OUTCOME_KINDS, {
    message: 'Decide release, full_refund or partial_refund.',
  })
  outcome!: DisputeOutcomeKind;

  @ApiPropertyOptional({ description: 'partial_refund only: cents back to the buyer.' })
  @Omittable()
  @IsInt({ message: 'The amount is a whole number of cents.' })
  amountCents?: number;

  @ApiProperty({ maxLength: 2000, description: 'The reasons, sent to both parties.' })
  @IsString({ message: 'Write the reasons for the decision.' })
  @Matches(/\S/, { message: 'Write the reasons for the decision.' })
  @MaxLength(2000, { message: 'Keep the reasons under 2,000 characters.' })
  statement!: string;
}
