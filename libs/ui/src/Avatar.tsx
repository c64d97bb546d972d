import { cx } from './class-names';

export type AvatarSize = 'sm' | 'lg';

export interface AvatarProps {
  /** Whose picture: its initials stand in when there is no usable picture. */
  name: string;
  url?: string | null;
  /** `sm` beside a line of text (conversations), `lg` on a profile. */
  size?: AvatarSize;
  className?: string;
}

/** First letters of up to two words, for the avatar placeholder. */
export function avatarInitials(name: string): string {
  const letters = name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase());
  return letters.join('') || '?';
}

/** Same-origin paths and https URLs only: a profile's URL is user data. */
function safeImageUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  try {
    return new URL(url).protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** Profile picture, or the initials when there is none. Decorative: the name is next to it. */
export function Avatar({ name, url, size = 'sm', className }: AvatarProps) {
  const src = safeImageUrl(url);
  return (
    <span className={cx('lo-avatar', `lo-avatar--${size}`, className)} aria-hidden="true">
      {src ? <img src={src} alt="" /> : avatarInitials(name)}
    </span>
  );
}
