import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsString, Length, Matches } from 'class-validator';
import { type ChangeRoleRequest } from '@loadout/contracts';

const ROLES = ['user', 'admin'] as const;

export class ChangeRoleDto implements ChangeRoleRequest {
  @ApiProperty({ enum: ROLES })
  @IsIn(ROLES, { message: 'Role must be user or admin.' })
  role!: 'user' | 'admin';

  @ApiProperty({ minLength: 5, maxLength: 500 })
  @IsString()
  @Length(5, 500, { message: 'Reason must be 5 to 500 characters.' })
  @Matches(/\S/, { message: 'Reason cannot be blank.' })
  reason!: string;
}
