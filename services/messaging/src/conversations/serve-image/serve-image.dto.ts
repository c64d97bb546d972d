import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { Omittable } from '@loadout/http';

export const PHOTO_SIZES = ['large', 'thumb'] as const;
export type PhotoSize = (typeof PHOTO_SIZES)[number];

export class ServeImageQueryDto {
  @ApiPropertyOptional({ enum: PHOTO_SIZES, default: 'large' })
  @Omittable()
  @IsIn(PHOTO_SIZES, { message: 'size must be large or thumb.' })
  size?: PhotoSize;
}
