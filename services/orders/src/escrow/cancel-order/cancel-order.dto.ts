import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { Omittable } from '@loadout/http';
import { type CancelOrderRequest } from '@loadout/contracts';

export class CancelOrderDto implements CancelOrderRequest {
  @ApiPropertyOptional()
  @Omittable()
  @IsString()
  @MaxLength(500, { message: 'Keep the reason under 500 characters.' })
  reason?: string;
}
