import { Module, type DynamicModule } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DeadLetterStore } from './dead-letter-store';
import { DEAD_LETTER_SERVICE, DeadLettersController } from './dead-letters.controller';

/** `internal/dead-letters` of one service (its schema's `dead_letter` table). */
@Module({})
export class DeadLettersModule {
  static register(service: string, schema: string): DynamicModule {
    return {
      module: DeadLettersModule,
      controllers: [DeadLettersController],
      providers: [
        { provide: DEAD_LETTER_SERVICE, useValue: service },
        {
          provide: DeadLetterStore,
          inject: [DataSource],
          useFactory: (dataSource: DataSource) => new DeadLetterStore(dataSource, schema),
        },
      ],
    };
  }
}
