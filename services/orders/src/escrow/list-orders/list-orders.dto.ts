import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsString, Max, MaxLength, Min } from 'class-validator';
import { Omittable } from '@loadout/http';
import { ORDER_ROLES, type OrderRole, type ListOrdersQuery } from '@loadout/contracts';

export class ListOrdersQueryDto implements ListOrdersQuery {
  @ApiPropertyOptional({ enum: ORDER_ROLES, default: 'buyer' })
  @Omittable()
  @IsIn(ORDER_ROLES, { message: "role must be 'buyer' or 'seller'." })
  role?: OrderRole;

  @ApiPropertyOptional()
  @Omittable()
  @IsString()
  @MaxLength(200)
  cursor?: string;

  /** Only the orders of this listing (checkout finds the caller's own order of a reserved item). */
  @ApiPropertyOptional({ maxLength: 64 })
  @Omittable()
  @IsString()
  @MaxLength(64, { message: 'listingId must be at most 64 characters.' })
  listingId?: string;

  @ApiPropertyOptional({ default: 20, minimum: 1, maximum: 50 })
  @Omittable()
  @Type(() => Number)
  @IsInt({ message: 'limit must be a whole number.' })
  @Min(1, { message: 'limit must be 1 to 50.' })
  @Max(50, { message: 'limit must be 1 to 50.' })
  limit?: number;
}
