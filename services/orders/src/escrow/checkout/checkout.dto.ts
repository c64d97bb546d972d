import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsString, Length } from 'class-validator';
import { DELIVERY_OPTIONS, type CreateOrderRequest, type DeliveryOption } from '@loadout/contracts';

export class CreateOrderDto implements CreateOrderRequest {
  @ApiProperty()
  @IsString()
  @Length(1, 36, { message: 'listingId must be 1 to 36 characters.' })
  listingId!: string;

  @ApiProperty({ enum: DELIVERY_OPTIONS })
  @IsIn(DELIVERY_OPTIONS, { message: "Delivery must be 'post' or 'collection'." })
  delivery!: DeliveryOption;
}
