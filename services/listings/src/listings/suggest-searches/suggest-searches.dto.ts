import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { Omittable } from '@loadout/http';
import { LISTING_LIMITS, type SearchSuggestionsQuery } from '@loadout/contracts';

export class SearchSuggestionsQueryDto implements SearchSuggestionsQuery {
  @ApiPropertyOptional({
    maxLength: LISTING_LIMITS.searchMax,
    description: 'What has been typed so far ("hica")',
  })
  @Omittable()
  @IsString({ message: 'q must be given once.' })
  @MaxLength(LISTING_LIMITS.searchMax, {
    message: `Search text must be at most ${LISTING_LIMITS.searchMax} characters.`,
  })
  q?: string;
}
