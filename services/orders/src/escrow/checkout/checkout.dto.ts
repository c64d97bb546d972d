import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsObject, IsString, Length, MaxLength, ValidateNested } from 'class-validator';
import {
  DELIVERY_OPTIONS,
  IRISH_COUNTIES,
  type CreateOrderRequest,
  type DeliveryAddressInput,
  type DeliveryOption,
} from '@loadout/contracts';
import { Nullable } from '@loadout/http';

const MAX = { message: 'Too long.' };

/** Types and an upper bound; `deliveryAddressFor` (the shared address rules) judges the rest. */
export class DeliveryAddressDto implements DeliveryAddressInput {
  @ApiProperty({ example: 'Aoife Byrne' })
  @IsString()
  @MaxLength(200, MAX)
  name!: string;

  @ApiProperty({ example: '12 Main Street' })
  @IsString()
  @MaxLength(200, MAX)
  line1!: string;

  @ApiPropertyOptional({ nullable: true })
  @Nullable()
  @IsString()
  @MaxLength(200, MAX)
  line2?: string | null;

  @ApiProperty({ example: 'Athlone' })
  @IsString()
  @MaxLength(200, MAX)
  town!: string;

  @ApiProperty({ enum: IRISH_COUNTIES })
  @IsString()
  @MaxLength(200, MAX)
  county!: string;

  @ApiProperty({ example: 'N37 X2C4' })
  @IsString()
  @MaxLength(200, MAX)
  eircode!: string;

  @ApiPropertyOptional({ nullable: true })
  @Nullable()
  @IsString()
  @MaxLength(200, MAX)
  phone?: string | null;
}

export class CreateOrderDto implements CreateOrderRequest {
  @ApiProperty()
  @IsString()
  @Length(1, 36, { message: 'listingId must be 1 to 36 characters.' })
  listingId!: string;

  @ApiProperty({ enum: DELIVERY_OPTIONS })
  @IsIn(DELIVERY_OPTIONS, { message: "Delivery must be 'post' or 'collection'." })
  delivery!: DeliveryOption;

  @ApiPropertyOptional({
    type: DeliveryAddressDto,
    nullable: true,
    description: 'Required for post (a saved address or a new one); refused for collection',
  })
  @Nullable()
  @IsObject({ message: 'deliveryAddress must be an object.' })
  @ValidateNested()
  @Type(() => DeliveryAddressDto)
  deliveryAddress?: DeliveryAddressDto | null;
}
