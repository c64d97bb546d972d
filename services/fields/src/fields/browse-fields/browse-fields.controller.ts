import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type FieldDto, type FieldListResponse } from '@loadout/contracts';
import { Public } from '@loadout/auth';
import { ListFieldsQueryDto } from './browse-fields.dto';
import { BrowseFieldsQuery } from './browse-fields.query';

@ApiTags('fields')
@Controller('api/v1/fields')
export class BrowseFieldsController {
  constructor(private readonly query: BrowseFieldsQuery) {}

  @Public()
  @Get()
  @ApiOperation({ summary: 'List playing fields by county and game type (keyset pages)' })
  list(@Query() query: ListFieldsQueryDto): Promise<FieldListResponse> {
    return this.query.list(query);
  }

  @Public()
  @Get('stats')
  @ApiOkResponse({ schema: { type: 'object', properties: { count: { type: 'integer' } } } })
  stats(): Promise<{ count: number }> {
    return this.query.stats();
  }

  @Public()
  @Get(':id')
  @ApiOperation({ summary: 'One playing field' })
  get(@Param('id') id: string): Promise<FieldDto> {
    return this.query.get(id);
  }
}
