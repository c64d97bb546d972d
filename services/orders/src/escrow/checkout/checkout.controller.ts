import { Body, Controller, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type AuthUser, Authenticated, CurrentUser } from '@loadout/auth';
import { type OrderView } from '@loadout/contracts';
import { CreateOrderDto } from './checkout.dto';
import { CheckoutHandler } from './checkout.handler';

@ApiTags('orders')
@ApiBearerAuth()
@Controller('api/v1/orders')
export class CheckoutController {
  constructor(private readonly handler: CheckoutHandler) {}

  @Authenticated()
  @Post()
  @ApiOperation({ summary: 'Check out a listing: reserves it and creates a pending_payment order' })
  async create(
    @Body() body: CreateOrderDto,
    @CurrentUser() user: AuthUser,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<OrderView> {
    const { created, order } = await this.handler.checkout(body, {
      id: user.id,
      requestId: String(req.id),
    });
    void reply.status(created ? 201 : 200);
    return order;
  }
}
