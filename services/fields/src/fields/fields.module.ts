import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BrowseFieldsController } from './browse-fields/browse-fields.controller';
import { BrowseFieldsQuery } from './browse-fields/browse-fields.query';
import { CreateFieldController } from './create-field/create-field.controller';
import { CreateFieldHandler } from './create-field/create-field.handler';
import { DeleteFieldController } from './delete-field/delete-field.controller';
import { DeleteFieldHandler } from './delete-field/delete-field.handler';
import { FieldEvents } from './field-events';
import { FieldEntity } from './persistence/field.entity';
import { FieldRepository } from './persistence/field.repository';
import { UpdateFieldController } from './update-field/update-field.controller';
import { UpdateFieldHandler } from './update-field/update-field.handler';

@Module({
  imports: [TypeOrmModule.forFeature([FieldEntity])],
  controllers: [
    BrowseFieldsController,
    CreateFieldController,
    UpdateFieldController,
    DeleteFieldController,
  ],
  providers: [
    FieldRepository,
    FieldEvents,
    BrowseFieldsQuery,
    CreateFieldHandler,
    UpdateFieldHandler,
    DeleteFieldHandler,
  ],
})
export class FieldsModule {}
