import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsObject,
  IsString,
  Length,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import {
  DELIVERY_OPTIONS,
  OFFER_MESSAGE_MAX,
  type DeliveryOption,
  type MakeOfferRequest,
} from '@loadout/contracts';
import { Nullable } from '@loadout/http';
import { DeliveryAddressDto } from '../../escrow/checkout/checkout.dto';

export class MakeOfferDto implements MakeOfferRequest {
  @ApiProperty()
  @IsString()
  @Length(1, 36, { message: 'listingId must be 1 to 36 characters.' })
  listingId!: string;

  @ApiProperty({ description: 'Integer euro cents, at least OFFER_MIN_PERCENT % of the price' })
  @IsInt({ message: 'The amount must be a whole number of cents.' })
  @Min(1, { message: 'The amount must be at least 1 cent.' })
  amountCents!: number;

  @ApiPropertyOptional({ maxLength: OFFER_MESSAGE_MAX, nullable: true })
  @Nullable()
  @IsString()
  @MaxLength(OFFER_MESSAGE_MAX, { message: 'A message can be at most 1,000 characters.' })
  message?: string | null;

  @ApiProperty({ enum: DELIVERY_OPTIONS })
  @IsIn(DELIVERY_OPTIONS, { message: "Delivery must be 'post' or 'collection'." })
  delivery!: DeliveryOption;

  @ApiPropertyOptional({
    type: DeliveryAddressDto,
    nullable: true,
    description: 'Required for post; refused for collection (the order is made with it)',
  })
  @Nullable()
  @IsObject({ message: 'deliveryAddress must be an object.' })
  @ValidateNested()
  @Type(() => DeliveryAddressDto)
  deliveryAddress?: DeliveryAddressDto | null;
}
