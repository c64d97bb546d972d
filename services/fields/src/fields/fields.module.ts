import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { unitOfWorkProvider } from '@loadout/service-kit';
import { BrowseFieldsController } from './browse-fields/browse-fields.controller';
import { BrowseFieldsQuery } from './browse-fields/browse-fields.query';
import { CreateFieldController } from './create-field/create-field.controller';
import { CreateFieldHandler } from './create-field/create-field.handler';
import { DeleteFieldController } from './delete-field/delete-field.controller';
import { DeleteFieldHandler } from './delete-field/delete-field.handler';
import { FieldRepository } from './domain/field-repository.port';
import { FieldEvents } from './persistence/field-events';
import { FieldEntity } from './persistence/field.entity';
import { TypeOrmFieldRepository } from './persistence/field.repository';
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
    unitOfWorkProvider,
    FieldEvents,
    { provide: FieldRepository, useClass: TypeOrmFieldRepository },
    BrowseFieldsQuery,
    CreateFieldHandler,
    UpdateFieldHandler,
    DeleteFieldHandler,
  ],
})
export class FieldsModule {}
