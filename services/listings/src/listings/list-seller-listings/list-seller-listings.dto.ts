import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString, Matches, MaxLength } from 'class-validator';
import { Omittable } from '@loadout/http';
import {
  LISTING_STATUSES,
  type ListAdminListingsQuery,
  type ListingStatus,
} from '@loadout/contracts';
import { PageQueryDto } from '../browse-listings/browse-listings.dto';

export class ListSellerListingsQueryDto extends PageQueryDto implements ListAdminListingsQuery {
  @ApiProperty({ maxLength: 36 })
  @IsString({ message: 'sellerId is required.' })
  @Matches(/\S/, { message: 'sellerId is required.' })
  @MaxLength(36, { message: 'sellerId must be at most 36 characters.' })
  sellerId!: string;

  @ApiPropertyOptional({ enum: LISTING_STATUSES })
  @Omittable()
  @IsIn(LISTING_STATUSES, { message: `Status must be one of ${LISTING_STATUSES.join(', ')}.` })
  status?: ListingStatus;
}
