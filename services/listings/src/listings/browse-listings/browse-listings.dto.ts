import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsString, Max, MaxLength, Min } from 'class-validator';
import { Omittable } from '@loadout/http';
import {
  DELIVERY_OPTIONS,
  IRISH_COUNTIES,
  LISTING_CATEGORIES,
  LISTING_CONDITIONS,
  LISTING_LIMITS,
  LISTING_SORTS,
  LISTING_STATUSES,
  type DeliveryOption,
  type IrishCounty,
  type ListingCategory,
  type ListingCondition,
  type ListingSearchParams,
  type ListingSort,
  type ListingStatus,
  type KeysetPageQuery,
  type MyListingsQuery,
} from '@loadout/contracts';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class PageQueryDto implements KeysetPageQuery {
  @ApiPropertyOptional({ description: 'Opaque cursor from the previous page' })
  @Omittable()
  @IsString()
  @MaxLength(512)
  cursor?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: LISTING_LIMITS.pageMax, default: 24 })
  @Omittable()
  @Type(() => Number)
  @IsInt({ message: 'Limit must be a whole number.' })
  @Min(1, { message: `Limit must be between 1 and ${LISTING_LIMITS.pageMax}.` })
  @Max(LISTING_LIMITS.pageMax, {
    message: `Limit must be between 1 and ${LISTING_LIMITS.pageMax}.`,
  })
  limit?: number;
}

/** `GET /api/v1/listings`: exactly the contract's `ListingSearchParams`. */
export class ListingSearchQueryDto extends PageQueryDto implements ListingSearchParams {
  @ApiPropertyOptional({ maxLength: LISTING_LIMITS.searchMax })
  @Omittable()
  @Transform(trim)
  @IsString()
  @MaxLength(LISTING_LIMITS.searchMax, {
    message: `Search text must be at most ${LISTING_LIMITS.searchMax} characters.`,
  })
  search?: string;

  @ApiPropertyOptional({ enum: LISTING_CATEGORIES })
  @Omittable()
  @IsIn(LISTING_CATEGORIES, { message: 'Choose a category from the list.' })
  category?: ListingCategory;

  @ApiPropertyOptional({ enum: LISTING_CONDITIONS })
  @Omittable()
  @IsIn(LISTING_CONDITIONS, { message: 'Choose a condition from the list.' })
  condition?: ListingCondition;

  @ApiPropertyOptional({ enum: IRISH_COUNTIES })
  @Omittable()
  @IsIn(IRISH_COUNTIES, { message: 'County must be one of the 26 counties.' })
  county?: IrishCounty;

  @ApiPropertyOptional({ minimum: 0 })
  @Omittable()
  @Type(() => Number)
  @IsInt({ message: 'Minimum price must be a whole number of cents.' })
  @Min(0, { message: 'Minimum price cannot be negative.' })
  minPriceCents?: number;

  @ApiPropertyOptional({ minimum: 0 })
  @Omittable()
  @Type(() => Number)
  @IsInt({ message: 'Maximum price must be a whole number of cents.' })
  @Min(0, { message: 'Maximum price cannot be negative.' })
  maxPriceCents?: number;

  @ApiPropertyOptional({ enum: DELIVERY_OPTIONS })
  @Omittable()
  @IsIn(DELIVERY_OPTIONS, { message: 'Delivery must be post or collection.' })
  delivery?: DeliveryOption;

  @ApiPropertyOptional()
  @Omittable()
  @IsString()
  @MaxLength(36)
  sellerId?: string;

  @ApiPropertyOptional({ enum: LISTING_SORTS })
  @Omittable()
  @IsIn(LISTING_SORTS, { message: `Sort must be one of ${LISTING_SORTS.join(', ')}.` })
  sort?: ListingSort;
}

/** `GET /api/v1/listings/mine`. */
export class MyListingsQueryDto extends PageQueryDto implements MyListingsQuery {
  @ApiPropertyOptional({ enum: LISTING_STATUSES })
  @Omittable()
  @IsIn(LISTING_STATUSES, { message: `Status must be one of ${LISTING_STATUSES.join(', ')}.` })
  status?: ListingStatus;
}
