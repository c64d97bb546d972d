import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Public } from '@loadout/auth';
import { type ListingHoldsResponse } from '@loadout/contracts';
import { InternalTokenGuard } from '../internal/internal-token.guard';
import { ListingHoldsDto } from './listing-holds.dto';
import { ListingHoldsHandler } from './listing-holds.handler';

/**
 * Listings' reservation sweep asks what to do with listings reserved for these orders (issue
 * 23 scenario 1). Public to the JWT guard, guarded by the internal secret; outside `/api/v1`.
 */
@ApiExcludeController()
@Public()
@UseGuards(InternalTokenGuard)
@Controller('internal/orders')
export class ListingHoldsController {
  constructor(private readonly handler: ListingHoldsHandler) {}

  @Post('listing-holds')
  @HttpCode(200)
  holds(@Body() body: ListingHoldsDto): Promise<ListingHoldsResponse> {
    return this.handler.holds(body.orderIds);
  }
}
