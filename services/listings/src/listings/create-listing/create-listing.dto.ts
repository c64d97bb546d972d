import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsString,
  MaxLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import {
  IRISH_COUNTIES,
  LISTING_CATEGORIES,
  LISTING_CONDITIONS,
  type IrishCounty,
  type ListingCategory,
  type ListingCondition,
  type ListingInput,
  type ListingShipping,
} from '@loadout/contracts';
import { MultiLine, Nullable, Omittable } from '@loadout/http';

/*
 * These DTOs check shapes and types only; lengths, ranges, what publishing needs and the
 * 1 joule rule are the shared domain rules (`validateListing`), applied to the merged listing.
 */

export class ShippingDto implements ListingShipping {
  @ApiProperty({ nullable: true, description: 'Tracked post price in cents; null = no post' })
  @ValidateIf((o: ShippingDto) => o.postageCents !== null)
  @IsInt({ message: 'Postage must be a whole number of cents, or null for no post.' })
  postageCents!: number | null;

  @ApiProperty()
  @IsBoolean({ message: 'Collection must be true or false.' })
  collection!: boolean;
}

export class ListingInputDto implements ListingInput {
  @ApiPropertyOptional() @Omittable() @IsString() @MaxLength(500) title?: string;

  @ApiPropertyOptional()
  @Omittable()
  @IsString()
  @MaxLength(10_000)
  @MultiLine()
  description?: string;

  @ApiPropertyOptional({ enum: LISTING_CATEGORIES })
  @Omittable()
  @IsIn(LISTING_CATEGORIES, { message: 'Choose a category from the list.' })
  category?: ListingCategory;

  @ApiPropertyOptional({ enum: LISTING_CONDITIONS })
  @Omittable()
  @IsIn(LISTING_CONDITIONS, { message: 'Choose a condition from the list.' })
  condition?: ListingCondition;

  @ApiPropertyOptional()
  @Omittable()
  @IsInt({ message: 'Price must be a whole number of cents.' })
  priceCents?: number;

  @ApiPropertyOptional({ enum: IRISH_COUNTIES })
  @Omittable()
  @IsIn(IRISH_COUNTIES, { message: 'Choose one of the 26 counties.' })
  county?: IrishCounty;

  @ApiPropertyOptional({ type: ShippingDto })
  @Omittable()
  @ValidateNested()
  @Type(() => ShippingDto)
  shipping?: ShippingDto;

  @ApiPropertyOptional({ nullable: true, description: 'Measured muzzle velocity (replicas)' })
  @Nullable()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'Fps must be a number.' })
  fps?: number | null;

  @ApiPropertyOptional({ nullable: true, description: 'BB weight used, grams (default 0.20)' })
  @Nullable()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'BB weight must be a number.' })
  bbWeightGrams?: number | null;

  @ApiPropertyOptional({ type: [String], description: 'Completed uploads, in display order' })
  @Omittable()
  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @MaxLength(40, { each: true })
  imageIds?: string[];

  @ApiPropertyOptional({ description: 'Publish now (all fields required) instead of a draft' })
  @Omittable()
  @IsBoolean()
  publish?: boolean;
}
