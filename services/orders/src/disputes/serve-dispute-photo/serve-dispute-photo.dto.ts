import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { Omittable } from '@loadout/http';
import { PHOTO_SIZES, type DisputePhotoQuery, type PhotoSize } from '@loadout/contracts';

export class DisputePhotoQueryDto implements DisputePhotoQuery {
  @ApiPropertyOptional({ enum: PHOTO_SIZES, default: 'large' })
  @Omittable()
  @IsIn(PHOTO_SIZES, { message: 'size must be large or thumb.' })
  size?: PhotoSize;
}
