import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';

export class SetFeaturedDto {
  @ApiProperty() @IsBoolean({ message: 'Featured must be true or false.' }) featured!: boolean;
}
