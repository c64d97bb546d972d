import { initials } from './profile-format';

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
export function Avatar({ name, url }: { name: string; url?: string | null }) {
  const src = safeImageUrl(url);
  return (
    <span className="account-avatar" aria-hidden="true">
      {src ? <img src={src} alt="" /> : initials(name)}
    </span>
  );
}
