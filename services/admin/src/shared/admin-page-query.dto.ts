import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsString, Max, MaxLength, Min } from 'class-validator';
import { Omittable } from '@loadout/http';
import { type KeysetPageQuery } from '@loadout/contracts';

/** Query of the admin lists: a cursor from the previous page and a page size. */
export class AdminPageQueryDto implements KeysetPageQuery {
  @ApiPropertyOptional({ description: 'Opaque cursor from the previous page' })
  @Omittable()
  @IsString()
  @MaxLength(512)
  cursor?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 25 })
  @Omittable()
  @Type(() => Number)
  @IsInt({ message: 'Limit must be a whole number.' })
  @Min(1)
  @Max(100)
  limit?: number;
}
