import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsString, Max, MaxLength, Min } from 'class-validator';
import { Omittable } from '@loadout/http';
import {
  DISPUTE_STATUSES,
  type DisputeOrigin,
  type DisputeStatus,
  type ListAdminDisputesQuery,
} from '@loadout/contracts';

const ORIGINS: readonly DisputeOrigin[] = ['buyer', 'chargeback'];

export class ListDisputeQueueQueryDto implements ListAdminDisputesQuery {
  @ApiPropertyOptional({
    enum: DISPUTE_STATUSES,
    description: 'Omit for the disputes that need an admin (escalated, open chargebacks).',
  })
  @Omittable()
  @IsIn(DISPUTE_STATUSES, { message: `status must be one of ${DISPUTE_STATUSES.join(', ')}.` })
  status?: DisputeStatus;

  @ApiPropertyOptional({ enum: ORIGINS })
  @Omittable()
  @IsIn(ORIGINS, { message: "origin must be 'buyer' or 'chargeback'." })
  origin?: DisputeOrigin;

  @ApiPropertyOptional()
  @Omittable()
  @IsString()
  @MaxLength(200)
  cursor?: string;

  @ApiPropertyOptional({ default: 25, minimum: 1, maximum: 50 })
  @Omittable()
  @Type(() => Number)
  @IsInt({ message: 'limit must be a whole number.' })
  @Min(1, { message: 'limit must be 1 to 50.' })
  @Max(50, { message: 'limit must be 1 to 50.' })
  limit?: number;
}
