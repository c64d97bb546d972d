import { Body, Controller, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { IsIn, IsString, Length } from 'class-validator';
import { Omittable } from '@loadout/http';
import { Public } from '@loadout/auth';
import { InternalTokenGuard } from './internal-token.guard';
import { ListingReservations, type ReservationResult } from './listing-reservations';
import {
  DELIVERY_OPTIONS,
  type DeliveryOption,
  type ListingOrderCommand,
} from '@loadout/contracts';

export class OrderCommandDto implements ListingOrderCommand {
  @IsString()
  @Length(1, 36, { message: 'orderId must be 1 to 36 characters.' })
  orderId!: string;

  @Omittable()
  @IsString()
  @Length(1, 64, { message: 'buyerId must be 1 to 64 characters.' })
  buyerId?: string;

  @Omittable()
  @IsIn(DELIVERY_OPTIONS, { message: 'delivery must be post or collection.' })
  delivery?: DeliveryOption;
}

/**
 * Service-to-service commands of the orders flow. Public to the JWT guard (no user token),
 * guarded by the shared internal secret instead; outside `/api/v1`, so the gateway never
 * forwards them.
 */
@ApiExcludeController()
@Public()
@UseGuards(InternalTokenGuard)
@Controller('internal/listings')
export class InternalListingsController {
  constructor(private readonly reservations: ListingReservations) {}

  @Post(':id/reserve')
  @HttpCode(200)
  reserve(
    @Param('id') id: string,
    @Body() body: OrderCommandDto,
    @Req() req: FastifyRequest,
  ): Promise<ReservationResult> {
    const buyer = body.buyerId ? { id: body.buyerId, delivery: body.delivery } : undefined;
    return this.reservations.reserve(id, body.orderId, String(req.id), buyer);
  }

  @Post(':id/release')
  @HttpCode(200)
  release(
    @Param('id') id: string,
    @Body() body: OrderCommandDto,
    @Req() req: FastifyRequest,
  ): Promise<ReservationResult> {
    return this.reservations.release(id, body.orderId, String(req.id));
  }

  @Post(':id/sold')
  @HttpCode(200)
  sold(
    @Param('id') id: string,
    @Body() body: OrderCommandDto,
    @Req() req: FastifyRequest,
  ): Promise<ReservationResult> {
    return this.reservations.markSold(id, body.orderId, String(req.id));
  }
}
