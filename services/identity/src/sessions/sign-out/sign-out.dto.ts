import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';
import { Omittable } from '@loadout/http';
import { type SignOutRequest } from '@loadout/contracts';

export class SignOutDto implements SignOutRequest {
  @ApiPropertyOptional({ description: 'End every session of the account, on every device' })
  @Omittable()
  @IsBoolean({ message: 'everywhere must be true or false.' })
  everywhere?: boolean;
}
