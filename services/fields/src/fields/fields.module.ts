import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
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
export class FieldsModule {}
