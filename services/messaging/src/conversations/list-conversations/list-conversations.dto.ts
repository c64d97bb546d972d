import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsString, Max, Min } from 'class-validator';
import { Omittable } from '@loadout/http';
import { type KeysetPageQuery } from '@loadout/contracts';

export class PageQueryDto implements KeysetPageQuery {
  @ApiPropertyOptional() @Omittable() @IsString() cursor?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 30 })
  @Omittable()
  @Type(() => Number)
  @IsInt()
  @Min(1, { message: 'limit must be between 1 and 100.' })
  @Max(100, { message: 'limit must be between 1 and 100.' })
  limit?: number;
}
