import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional } from 'class-validator';

/** Only the kinds given change. `orders`/`security` may be sent as true, never false. */
export class UpdateEmailPreferencesDto {
  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'messages must be true or false.' })
  messages?: boolean;
  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'favourites must be true or false.' })
  favourites?: boolean;
  @ApiPropertyOptional({ enum: [true] })
  @IsOptional()
  @IsBoolean({ message: 'orders must be true or false.' })
  orders?: boolean;
  @ApiPropertyOptional({ enum: [true] })
  @IsOptional()
  @IsBoolean({ message: 'security must be true or false.' })
  security?: boolean;
}
