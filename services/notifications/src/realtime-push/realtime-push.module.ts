import { Module } from '@nestjs/common';
import { RealtimePushListener } from './realtime-push.listener';

/** `notifications.changed` and `orders.changed` pushed over the messaging WebSocket (REDIS_URL only). */
@Module({ providers: [RealtimePushListener] })
export class RealtimePushModule {}
