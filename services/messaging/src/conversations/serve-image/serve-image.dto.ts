import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';

export const PHOTO_SIZES = ['large', 'thumb'] as const;
export type PhotoSize = (typeof PHOTO_SIZES)[number];

export class ServeImageQueryDto {
  @ApiPropertyOptional({ enum: PHOTO_SIZES, default: 'large' })
  @IsOptional()
  @IsIn(PHOTO_SIZES, { message: 'size must be large or thumb.' })
  size?: PhotoSize;
}
