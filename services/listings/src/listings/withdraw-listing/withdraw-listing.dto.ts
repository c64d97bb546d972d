import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { MultiLine, Omittable } from '@loadout/http';

export class RemoveListingDto {
  @ApiPropertyOptional({ description: "Required when a moderator removes someone else's listing" })
  @Omittable()
  @IsString()
  @MaxLength(500, { message: 'Reason must be at most 500 characters.' })
  @MultiLine()
  reason?: string;
}
