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
  IsOptional,
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
  type GameType,
  type Weekday,
} from '@loadout/contracts';
import { MultiLine } from '@loadout/http';

export class FieldLimitsDto {
  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @IsNumber({ maxDecimalPlaces: 2 })
  aegJoules!: number | null;
  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @IsNumber({ maxDecimalPlaces: 2 })
  dmrJoules!: number | null;
  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @IsNumber({ maxDecimalPlaces: 2 })
  sniperJoules!: number | null;
}

export class CreateFieldDto {
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
  @IsOptional()
  @IsString()
  @MaxLength(8, { message: 'Eircode must be at most 8 characters.' })
  eircode?: string | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsNumber() latitude?: number | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsNumber() longitude?: number | null;

  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @IsUrl(
    { protocols: ['https', 'http'], require_protocol: true },
    { message: 'Website must be a full web address (https://…).' },
  )
  @MaxLength(300, { message: 'Website must be at most 300 characters.' })
  website?: string | null;

  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
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

export class UpdateFieldDto extends PartialType(CreateFieldDto) {}
