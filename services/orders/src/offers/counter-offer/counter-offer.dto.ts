import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsString, MaxLength, Min } from 'class-validator';
import { OFFER_MESSAGE_MAX, type CounterOfferRequest } from '@loadout/contracts';
import { Nullable } from '@loadout/http';

export class CounterOfferDto implements CounterOfferRequest {
  @ApiProperty({ description: 'Integer euro cents: above the offer, at most the asking price' })
  @IsInt({ message: 'The amount must be a whole number of cents.' })
  @Min(1, { message: 'The amount must be at least 1 cent.' })
  amountCents!: number;

  @ApiPropertyOptional({ maxLength: OFFER_MESSAGE_MAX, nullable: true })
  @Nullable()
  @IsString()
  @MaxLength(OFFER_MESSAGE_MAX, { message: 'A message can be at most 1,000 characters.' })
  message?: string | null;
}
