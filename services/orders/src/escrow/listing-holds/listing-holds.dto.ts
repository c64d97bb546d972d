import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsString, Length } from 'class-validator';
import { type ListingHoldsRequest } from '@loadout/contracts';

export class ListingHoldsDto implements ListingHoldsRequest {
  @ApiProperty({ type: [String], minItems: 1, maxItems: 200 })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(200)
  @IsString({ each: true })
  @Length(1, 36, { each: true, message: 'Each order id has 1 to 36 characters.' })
  orderIds!: string[];
}
