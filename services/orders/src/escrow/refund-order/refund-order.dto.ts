import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches, MaxLength } from 'class-validator';
import { type RefundOrderRequest } from '@loadout/contracts';

export class RefundOrderDto implements RefundOrderRequest {
  @ApiProperty({ description: 'Why the admin refunds (kept in the order timeline).' })
  @IsString({ message: 'Give a reason for the refund.' })
  @Matches(/\S/, { message: 'Give a reason for the refund.' })
  @MaxLength(500, { message: 'Keep the reason under 500 characters.' })
  reason!: string;
}
