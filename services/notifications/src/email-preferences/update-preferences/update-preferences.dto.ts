import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';
import { Omittable } from '@loadout/http';
import { type EmailPreferencesInput } from '@loadout/contracts';

/** Only the kinds given change. `orders`/`security` may be sent as true, never false. */
export class UpdateEmailPreferencesDto implements EmailPreferencesInput {
  @ApiPropertyOptional()
  @Omittable()
  @IsBoolean({ message: 'messages must be true or false.' })
  messages?: boolean;
  @ApiPropertyOptional()
  @Omittable()
  @IsBoolean({ message: 'favourites must be true or false.' })
  favourites?: boolean;
  @ApiPropertyOptional({ enum: [true] })
  @Omittable()
  @IsBoolean({ message: 'orders must be true or false.' })
  orders?: boolean;
  @ApiPropertyOptional({ enum: [true] })
  @Omittable()
  @IsBoolean({ message: 'security must be true or false.' })
  security?: boolean;
}
