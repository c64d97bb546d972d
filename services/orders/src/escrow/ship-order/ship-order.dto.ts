import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsString, Length } from 'class-validator';
import { Omittable } from '@loadout/http';
import { type ShipOrderInput } from '@loadout/contracts';

/** Tracked post (carrier + tracking number) or handed over in person (`handedOverInPerson`). */
export class ShipOrderDto implements ShipOrderInput {
  @ApiPropertyOptional()
  @Omittable()
  @IsString()
  @Length(2, 60, { message: 'Carrier must be 2 to 60 characters.' })
  carrier?: string;

  @ApiPropertyOptional()
  @Omittable()
  @IsString()
  @Length(4, 60, { message: 'Tracking number must be 4 to 60 characters.' })
  trackingNumber?: string;

  @ApiPropertyOptional()
  @Omittable()
  @IsBoolean()
  handedOverInPerson?: boolean;
}
