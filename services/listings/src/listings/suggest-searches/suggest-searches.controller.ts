import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '@loadout/auth';
import { type SearchSuggestionsResponse } from '@loadout/contracts';
import { SearchSuggestionsQueryDto } from './suggest-searches.dto';
import { SuggestSearchesQuery } from './suggest-searches.query';

@ApiTags('listings')
@Controller('api/v1/listings')
export class SuggestSearchesController {
  constructor(private readonly query: SuggestSearchesQuery) {}

  @Public()
  @Get('suggestions')
  @ApiOperation({ summary: 'Model names, brands and categories starting with what was typed' })
  suggestions(@Query() query: SearchSuggestionsQueryDto): Promise<SearchSuggestionsResponse> {
    return this.query.suggest(query.q ?? '');
  }
}
