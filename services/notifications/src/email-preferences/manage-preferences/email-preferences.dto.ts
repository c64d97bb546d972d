import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional } from 'class-validator';
import { ESSENTIAL_EMAIL_KINDS } from '../domain/email-kinds';

export class EmailPreferencesDto {
  @ApiProperty({ enum: [true], description: 'Order emails: always on' }) orders!: true;
  @ApiProperty({ enum: [true], description: 'Security emails (sign-in, password): always on' })
  security!: true;
  @ApiProperty({ description: 'Email when someone messages you (one per unread conversation)' })
  messages!: boolean;
  @ApiProperty({ description: 'Email when someone favourites one of your listings' })
  favourites!: boolean;
  @ApiProperty({
    enum: ESSENTIAL_EMAIL_KINDS,
    isArray: true,
    description: 'Kinds that cannot change',
  })
  locked!: string[];
}

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
