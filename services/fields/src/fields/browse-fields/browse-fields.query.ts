import { Injectable } from '@nestjs/common';
import { type FieldDto, type FieldListResponse } from '@loadout/contracts';
import { decodeCursor, encodeCursor, isId } from '@loadout/db';
import { validationError } from '@loadout/errors';
import { fieldNotFound } from '../domain/field.errors';
import { UnitOfWork } from '@loadout/service-kit';
import { FieldRepository, type FieldPosition } from '../domain/field-repository.port';
import { toFieldDto } from '../field-view';
import { type ListFieldsQueryDto } from './browse-fields.dto';

const DEFAULT_LIMIT = 20;

function toPosition(cursor: string): FieldPosition {
  const [name, id] = decodeCursor(cursor, 2);
  if (typeof name !== 'string' || typeof id !== 'string') {
    throw validationError(
      'COMMON.INVALID_CURSOR',
      'The page cursor is invalid. Start again from the first page.',
    );
  }
  return [name, id];
}

@Injectable()
export class BrowseFieldsQuery {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly fields: FieldRepository,
  ) {}

  async list(query: ListFieldsQueryDto): Promise<FieldListResponse> {
    const limit = query.limit ?? DEFAULT_LIMIT;
    const after = query.cursor ? toPosition(query.cursor) : null;
    const rows = await this.uow.read((tx) =>
      this.fields.page(tx, { county: query.county, gameType: query.gameType }, after, limit),
    );
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      items: page.map(toFieldDto),
      nextCursor: rows.length > limit && last ? encodeCursor([last.name, last.id]) : null,
    };
  }

  async get(id: string): Promise<FieldDto> {
    const field = isId(id) ? await this.uow.read((tx) => this.fields.find(tx, id)) : null;
    if (!field) throw fieldNotFound();
    return toFieldDto(field);
  }

  async stats(): Promise<{ count: number }> {
    return { count: await this.uow.read((tx) => this.fields.count(tx)) };
  }
}
