import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsString, Length, Max, Min, ValidateNested } from 'class-validator';
import { Omittable } from '@loadout/http';
import { type PayOrderRequest, type SimulatedCardInput } from '@loadout/contracts';

export class CardDto implements SimulatedCardInput {
  @IsString()
  @Length(12, 23, { message: 'Check the card number.' })
  cardNumber!: string;

  @Type(() => Number)
  @IsInt({ message: 'Check the expiry month.' })
  @Min(1, { message: 'Check the expiry month.' })
  @Max(12, { message: 'Check the expiry month.' })
  expMonth!: number;

  @Type(() => Number)
  @IsInt({ message: 'Check the expiry year.' })
  @Min(0, { message: 'Check the expiry year.' })
  @Max(2100, { message: 'Check the expiry year.' })
  expYear!: number;

  @IsString()
  @Length(3, 4, { message: 'Check the security code (CVC).' })
  cvc!: string;
}

export class PayOrderDto implements PayOrderRequest {
  @ApiPropertyOptional({ type: CardDto, description: 'Simulated processor: the test card' })
  @Omittable()
  @ValidateNested()
  @Type(() => CardDto)
  card?: CardDto;

  @ApiPropertyOptional({ description: 'Stripe: a PaymentMethod from the Payment Element' })
  @Omittable()
  @IsString()
  @Length(1, 255)
  paymentMethodId?: string;
}
