import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length } from 'class-validator';
import { type DeleteAccountRequest } from '@loadout/contracts';

export class DeleteAccountDto implements DeleteAccountRequest {
  @ApiProperty({ description: 'Your username, typed again to confirm', maxLength: 60 })
  @IsString({ message: 'Type your username to confirm.' })
  @Length(1, 60, { message: 'Type your username to confirm.' })
  confirmUsername!: string;
}
