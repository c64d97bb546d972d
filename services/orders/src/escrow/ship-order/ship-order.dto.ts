import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional, IsString, Length } from 'class-validator';

/** Tracked post (carrier + tracking number) or handed over in person (`handedOverInPerson`). */
export class ShipOrderDto {
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @Length(2, 60, { message: 'Carrier must be 2 to 60 characters.' })
  carrier?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @Length(4, 60, { message: 'Tracking number must be 4 to 60 characters.' })
  trackingNumber?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  handedOverInPerson?: boolean;
}
