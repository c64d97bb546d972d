import { Controller, Get, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type AuthUser, Authenticated, CurrentUser } from '@loadout/auth';
import { type OrderReviewState } from '@loadout/contracts';
import { ViewOrderReviewQuery } from './view-order-review.query';

@ApiTags('reviews')
@ApiBearerAuth()
@Controller('api/v1/orders')
export class ViewOrderReviewController {
  constructor(private readonly query: ViewOrderReviewQuery) {}

  @Authenticated()
  @Get(':id/review')
  @ApiOperation({ summary: "Buyer or seller: the order's reviews as the caller may see them" })
  view(@Param('id') id: string, @CurrentUser() user: AuthUser): Promise<OrderReviewState> {
    return this.query.view(id, user);
  }
}
