import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { GAME_TYPES, IRISH_COUNTIES, type GameType } from '@loadout/contracts';

export class ListFieldsQueryDto {
  @ApiPropertyOptional({ enum: IRISH_COUNTIES })
  @IsOptional()
  @IsIn(IRISH_COUNTIES, { message: 'County must be one of the 26 counties.' })
  county?: string;

  @ApiPropertyOptional({ enum: GAME_TYPES })
  @IsOptional()
  @IsIn(GAME_TYPES, { message: `Game type must be one of ${GAME_TYPES.join(', ')}.` })
  gameType?: GameType;

  @ApiPropertyOptional({ description: 'Opaque cursor from the previous page' })
  @IsOptional()
  @IsString()
  @MaxLength(512)
  cursor?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: 50, default: 20 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'Limit must be a whole number.' })
  @Min(1)
  @Max(50)
  limit?: number;
}
