import { Avatar as UiAvatar } from '@loadout/ui';

/** The profile's large avatar (`Avatar` of @loadout/ui). */
export function Avatar({ name, url }: { name: string; url?: string | null }) {
  return <UiAvatar name={name} url={url} size="lg" />;
}
