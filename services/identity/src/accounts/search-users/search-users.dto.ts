import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsString, Max, MaxLength, Min } from 'class-validator';
import { type AdminUserSearchQuery } from '@loadout/contracts';
import { Omittable } from '@loadout/http';

/** `GET admin/users`: text found in email, username or display name; keyset pages. */
export class SearchUsersQueryDto implements AdminUserSearchQuery {
  @ApiPropertyOptional({ maxLength: 100 })
  @Omittable()
  @IsString()
  @MaxLength(100, { message: 'Search must be at most 100 characters.' })
  q?: string;

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
