import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { Omittable } from '@loadout/http';
import { ORDER_ROLES, type ListOffersQuery, type OrderRole } from '@loadout/contracts';

export class ListOffersQueryDto implements ListOffersQuery {
  @ApiPropertyOptional({
    enum: ORDER_ROLES,
    description: 'buyer: sent; seller: received; omit for both.',
  })
  @Omittable()
  @IsIn(ORDER_ROLES, { message: "role must be 'buyer' or 'seller'." })
  role?: OrderRole;
}
