import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { IRISH_COUNTIES, type DeliveryAddressInput } from '@loadout/contracts';
import { Nullable, Omittable } from '@loadout/http';

// Types and an upper bound here; the address rules (`@loadout/address-rules`) judge the rest
// with the same messages as the forms.
const MAX = { message: 'Too long.' };

/** `POST me/addresses`. */
export class AddAddressDto implements DeliveryAddressInput {
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

  @ApiProperty({ example: 'N37 X2C4', description: 'Eircode; any spacing or case' })
  @IsString()
  @MaxLength(200, MAX)
  eircode!: string;

  @ApiPropertyOptional({ nullable: true })
  @Nullable()
  @IsString()
  @MaxLength(200, MAX)
  phone?: string | null;
}

/** `PATCH me/addresses/{id}`: the fields sent replace the stored ones. */
export class EditAddressDto implements Partial<DeliveryAddressInput> {
  @ApiPropertyOptional()
  @Omittable()
  @IsString()
  @MaxLength(200, MAX)
  name?: string;

  @ApiPropertyOptional()
  @Omittable()
  @IsString()
  @MaxLength(200, MAX)
  line1?: string;

  @ApiPropertyOptional({ nullable: true })
  @Nullable()
  @IsString()
  @MaxLength(200, MAX)
  line2?: string | null;

  @ApiPropertyOptional()
  @Omittable()
  @IsString()
  @MaxLength(200, MAX)
  town?: string;

  @ApiPropertyOptional({ enum: IRISH_COUNTIES })
  @Omittable()
  @IsString()
  @MaxLength(200, MAX)
  county?: string;

  @ApiPropertyOptional()
  @Omittable()
  @IsString()
  @MaxLength(200, MAX)
  eircode?: string;

  @ApiPropertyOptional({ nullable: true })
  @Nullable()
  @IsString()
  @MaxLength(200, MAX)
  phone?: string | null;
}
