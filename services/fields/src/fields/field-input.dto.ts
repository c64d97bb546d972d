import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsString,
  IsUrl,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import {
  GAME_TYPES,
  IRISH_COUNTIES,
  WEEKDAYS,
  type CreateFieldRequest,
  type FieldLimits,
  type GameType,
  type UpdateFieldRequest,
  type Weekday,
} from '@loadout/contracts';
import { MaxDecimalPlaces, MultiLine, Nullable } from '@loadout/http';

const JOULES_MESSAGE = 'Joule limits must be numbers with at most 2 decimals, such as 1.14.';

export class FieldLimitsDto implements FieldLimits {
  @ApiPropertyOptional({ nullable: true })
  @Nullable()
  @MaxDecimalPlaces(2, { message: JOULES_MESSAGE })
  aegJoules!: number | null;
  @ApiPropertyOptional({ nullable: true })
  @Nullable()
  @MaxDecimalPlaces(2, { message: JOULES_MESSAGE })
  dmrJoules!: number | null;
  @ApiPropertyOptional({ nullable: true })
  @Nullable()
  @MaxDecimalPlaces(2, { message: JOULES_MESSAGE })
  sniperJoules!: number | null;
}

export class CreateFieldDto implements CreateFieldRequest {
  @ApiProperty()
  @IsString()
  @Length(3, 120, { message: 'Name must be 3 to 120 characters.' })
  name!: string;

  @ApiProperty({ enum: IRISH_COUNTIES })
  @IsIn(IRISH_COUNTIES, { message: 'County must be one of the 26 counties.' })
  county!: string;

  @ApiProperty()
  @IsString()
  @Length(5, 300, { message: 'Address must be 5 to 300 characters.' })
  address!: string;

  @ApiPropertyOptional({ nullable: true })
  @Nullable()
  @IsString()
  @MaxLength(8, { message: 'Eircode must be at most 8 characters.' })
  eircode?: string | null;
  @ApiPropertyOptional({ nullable: true }) @Nullable() @IsNumber() latitude?: number | null;
  @ApiPropertyOptional({ nullable: true }) @Nullable() @IsNumber() longitude?: number | null;

  @ApiPropertyOptional({ nullable: true })
  @Nullable()
  @IsUrl(
    { protocols: ['https', 'http'], require_protocol: true },
    { message: 'Website must be a full web address (https://…).' },
  )
  @MaxLength(300, { message: 'Website must be at most 300 characters.' })
  website?: string | null;

  @ApiPropertyOptional({ nullable: true })
  @Nullable()
  @Matches(/^\+?[0-9 ()-]{7,20}$/, { message: 'Phone must be a phone number.' })
  phone?: string | null;

  @ApiProperty()
  @IsString()
  @Length(20, 5000, { message: 'Description must be 20 to 5000 characters.' })
  @MultiLine()
  description!: string;

  @ApiProperty({ enum: GAME_TYPES, isArray: true })
  @ArrayMinSize(1, { message: 'Choose at least one game type.' })
  @ArrayUnique()
  @IsIn(GAME_TYPES, { each: true, message: `Game types must be among ${GAME_TYPES.join(', ')}.` })
  gameTypes!: GameType[];

  @ApiProperty({ type: FieldLimitsDto })
  @ValidateNested()
  @Type(() => FieldLimitsDto)
  limits!: FieldLimitsDto;

  @ApiProperty({ enum: WEEKDAYS, isArray: true })
  @ArrayMaxSize(7)
  @ArrayUnique()
  @IsIn(WEEKDAYS, { each: true, message: 'Opening days must be weekday names.' })
  openingDays!: Weekday[];

  @ApiProperty() @IsBoolean() rentalAvailable!: boolean;

  @ApiProperty({ minimum: 12, maximum: 21 })
  @IsInt()
  @Min(12, { message: 'Minimum age must be between 12 and 21.' })
  @Max(21, { message: 'Minimum age must be between 12 and 21.' })
  minimumAge!: number;
}

/**
 * Every property may be left out; a null is refused where the create DTO refuses it (the
 * default PartialType adds IsOptional, which lets null through to NOT NULL columns).
 */
export class UpdateFieldDto
  extends PartialType(CreateFieldDto, { skipNullProperties: false })
  implements UpdateFieldRequest {}
