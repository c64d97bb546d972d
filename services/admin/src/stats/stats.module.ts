import { Module } from '@nestjs/common';
import { ServiceDirectory } from '../platform/service-directory';
import { StatsRepository } from './persistence/stats.repository';
import { RecordPlatformEventsController } from './record-platform-events/record-platform-events.controller';
import { ViewStatsController } from './view-stats/view-stats.controller';
import { ViewStatsHandler } from './view-stats/view-stats.handler';

/** The dashboard's figures: a read model of other services' events. */
@Module({
  controllers: [RecordPlatformEventsController, ViewStatsController],
  providers: [StatsRepository, ServiceDirectory, ViewStatsHandler],
})
export class StatsModule {}
