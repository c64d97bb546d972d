import { ApiProperty } from '@nestjs/swagger';

export { CredentialsDto as SignInDto } from '../../accounts/credentials/credentials.dto';

export class InteractionView {
  @ApiProperty() uid!: string;
  @ApiProperty({ enum: ['login', 'consent'] }) prompt!: 'login' | 'consent';
}

export class RedirectView {
  @ApiProperty({ description: 'Where the browser goes next (the provider resumes the flow)' })
  redirectTo!: string;
}
