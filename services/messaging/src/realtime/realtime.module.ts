import { Global, Module } from '@nestjs/common';
import { MESSAGING_CONFIG, type MessagingConfig } from '../messaging.config';
import { createRealtimeBus, RealtimeBus } from './realtime-bus';
import { RealtimeServer } from './realtime.server';

@Global()
@Module({
  providers: [
    {
      provide: RealtimeBus,
      inject: [MESSAGING_CONFIG],
      useFactory: (config: MessagingConfig) => createRealtimeBus(config.REDIS_URL),
    },
    RealtimeServer,
  ],
  exports: [RealtimeBus, RealtimeServer],
})
export class RealtimeModule {}
