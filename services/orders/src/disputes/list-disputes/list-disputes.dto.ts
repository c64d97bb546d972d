import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { Omittable } from '@loadout/http';
import { ORDER_ROLES, type OrderRole, type ListDisputesQuery } from '@loadout/contracts';

export class ListDisputesQueryDto implements ListDisputesQuery {
  @ApiPropertyOptional({ enum: ORDER_ROLES, description: 'Omit for both.' })
  @Omittable()
  @IsIn(ORDER_ROLES, { message: "role must be 'buyer' or 'seller'." })
  role?: OrderRole;
}
