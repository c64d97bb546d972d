import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { MultiLine, Omittable } from '@loadout/http';
import { type RemoveListingRequest } from '@loadout/contracts';

export class RemoveListingDto implements RemoveListingRequest {
  @ApiPropertyOptional({ description: "Required when a moderator removes someone else's listing" })
  @Omittable()
  @IsString()
  @MaxLength(500, { message: 'Reason must be at most 500 characters.' })
  @MultiLine()
  reason?: string;
}
