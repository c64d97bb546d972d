import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { type CancelOrderRequest } from '@loadout/contracts';

export class CancelOrderDto implements CancelOrderRequest {
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(500, { message: 'Keep the reason under 500 characters.' })
  reason?: string;
}
