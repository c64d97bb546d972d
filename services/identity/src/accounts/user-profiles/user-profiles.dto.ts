import { IsString, Matches } from 'class-validator';
import { type InternalUserProfilesQuery } from '@loadout/contracts';

/** Comma-separated user ids, at most `INTERNAL_USER_PROFILES_MAX_IDS` (100). */
export class UserProfilesQueryDto implements InternalUserProfilesQuery {
  @IsString()
  @Matches(/^[A-Za-z0-9_-]{1,36}(,[A-Za-z0-9_-]{1,36}){0,99}$/, {
    message: 'ids must be 1 to 100 user ids separated by commas.',
  })
  ids!: string;
}
