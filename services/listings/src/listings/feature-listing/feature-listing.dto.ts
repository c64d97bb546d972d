import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';
import { type SetFeaturedRequest } from '@loadout/contracts';

export class SetFeaturedDto implements SetFeaturedRequest {
  @ApiProperty() @IsBoolean({ message: 'Featured must be true or false.' }) featured!: boolean;
}
