import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '@loadout/auth';
import { type ListingListResponse } from '@loadout/contracts';
import { BrowseListingsQuery } from '../browse-listings/browse-listings.query';
import { ListSellerListingsQueryDto } from './list-seller-listings.dto';

/**
 * The admin area's user page (issue 26, ADR 0038): any seller's listings of every status, as
 * the seller sees them under `listings/mine`. Admins only; the gateway sends `admin/listings`
 * here.
 */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('api/v1/admin/listings')
export class ListSellerListingsController {
  constructor(private readonly query: BrowseListingsQuery) {}

  @Roles('admin')
  @Get()
  @ApiOperation({ summary: "Admin: a seller's listings of every status, recently changed first" })
  list(@Query() q: ListSellerListingsQueryDto): Promise<ListingListResponse> {
    return this.query.mine(q.sellerId, q.status, q.cursor, q.limit);
  }
}
