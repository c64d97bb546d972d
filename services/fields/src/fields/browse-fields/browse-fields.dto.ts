import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsString, Max, MaxLength, Min } from 'class-validator';
import { Omittable } from '@loadout/http';
import {
  GAME_TYPES,
  IRISH_COUNTIES,
  type GameType,
  type ListFieldsQuery,
  type IrishCounty,
} from '@loadout/contracts';

export class ListFieldsQueryDto implements ListFieldsQuery {
  @ApiPropertyOptional({ enum: IRISH_COUNTIES })
  @Omittable()
  @IsIn(IRISH_COUNTIES, { message: 'County must be one of the 26 counties.' })
  county?: IrishCounty;

  @ApiPropertyOptional({ enum: GAME_TYPES })
  @Omittable()
  @IsIn(GAME_TYPES, { message: `Game type must be one of ${GAME_TYPES.join(', ')}.` })
  gameType?: GameType;

  @ApiPropertyOptional({ description: 'Opaque cursor from the previous page' })
  @Omittable()
  @IsString()
  @MaxLength(512)
  cursor?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: 50, default: 20 })
  @Omittable()
  @Type(() => Number)
  @IsInt({ message: 'Limit must be a whole number.' })
  @Min(1)
  @Max(50)
  limit?: number;
}
