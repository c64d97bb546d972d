import { Body, Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { type AuthUser, Authenticated, CurrentUser } from '@loadout/auth';
import { type ReviewView } from '@loadout/contracts';
import { LeaveReviewDto } from './leave-review.dto';
import { LeaveReviewHandler } from './leave-review.handler';

@ApiTags('reviews')
@ApiBearerAuth()
@Controller('api/v1/orders')
export class LeaveReviewController {
  constructor(private readonly handler: LeaveReviewHandler) {}

  @Authenticated()
  @Post(':id/review')
  @HttpCode(201)
  @ApiOperation({
    summary: 'Buyer or seller of a completed order: review the other party (once, within 30 days)',
  })
  leave(
    @Param('id') id: string,
    @Body() body: LeaveReviewDto,
    @CurrentUser() user: AuthUser,
    @Req() req: FastifyRequest,
  ): Promise<ReviewView> {
    return this.handler.leave(id, body, user, String(req.id));
  }
}
