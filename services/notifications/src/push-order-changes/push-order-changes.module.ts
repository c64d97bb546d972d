import { Module } from '@nestjs/common';
import { PushOrderChangesController } from './push-order-changes.controller';

/** `orders.changed` for the order events no other reaction consumes (ADR 0032). */
@Module({ controllers: [PushOrderChangesController] })
export class PushOrderChangesModule {}
