import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { Omittable } from '@loadout/http';
import { PHOTO_SIZES, type MessageImageQuery, type PhotoSize } from '@loadout/contracts';

export class ServeImageQueryDto implements MessageImageQuery {
  @ApiPropertyOptional({ enum: PHOTO_SIZES, default: 'large' })
  @Omittable()
  @IsIn(PHOTO_SIZES, { message: 'size must be large or thumb.' })
  size?: PhotoSize;
}
