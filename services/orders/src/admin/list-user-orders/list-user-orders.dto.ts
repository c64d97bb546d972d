import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { Omittable } from '@loadout/http';
import { ORDER_ROLES, type ListAdminOrdersQuery, type OrderRole } from '@loadout/contracts';

export class ListUserOrdersQueryDto implements ListAdminOrdersQuery {
  @ApiProperty({ maxLength: 64, description: 'The buyer or seller.' })
  @IsString({ message: 'userId is required.' })
  @Matches(/\S/, { message: 'userId is required.' })
  @MaxLength(64, { message: 'userId must be at most 64 characters.' })
  userId!: string;

  @ApiProperty({ enum: ORDER_ROLES })
  @IsIn(ORDER_ROLES, { message: "role must be 'buyer' or 'seller'." })
  role!: OrderRole;

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
