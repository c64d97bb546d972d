import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsString, Max, MaxLength, Min } from 'class-validator';
import { Omittable } from '@loadout/http';
import { type KeysetPageQuery } from '@loadout/contracts';

export class ListUserReviewsQueryDto implements KeysetPageQuery {
  @ApiPropertyOptional()
  @Omittable()
  @IsString()
  @MaxLength(200)
  cursor?: string;

  @ApiPropertyOptional({ default: 20, minimum: 1, maximum: 50 })
  @Omittable()
  @Type(() => Number)
  @IsInt({ message: 'limit must be a whole number.' })
  @Min(1, { message: 'limit must be 1 to 50.' })
  @Max(50, { message: 'limit must be 1 to 50.' })
  limit?: number;
}
