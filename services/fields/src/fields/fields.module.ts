import { Module, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource, TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ReadinessRegistry } from '@loadout/http';
import { BrowseFieldsController } from './browse-fields/browse-fields.controller';
import { BrowseFieldsQuery } from './browse-fields/browse-fields.query';
import { ManageFieldsController } from './manage-fields/manage-fields.controller';
import { ManageFieldsHandler } from './manage-fields/manage-fields.handler';
import { FieldEntity } from './persistence/field.entity';
import { FieldRepository } from './persistence/field.repository';

@Module({
  imports: [TypeOrmModule.forFeature([FieldEntity])],
  controllers: [BrowseFieldsController, ManageFieldsController],
  providers: [FieldRepository, BrowseFieldsQuery, ManageFieldsHandler],
})
export class FieldsModule implements OnModuleInit {
  constructor(
    private readonly readiness: ReadinessRegistry,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  onModuleInit(): void {
    this.readiness.register({
      name: 'database',
      check: async () => void (await this.dataSource.query('SELECT 1')),
    });
  }
}
