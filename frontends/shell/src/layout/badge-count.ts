/** Seed §9: a count badge shows "9+" above 9; nothing (null) for zero or less. */
export function formatBadgeCount(count: number | null | undefined): string | null {
  if (!count || count <= 0) return null;
  return count > 9 ? '9+' : String(Math.floor(count));
}

/** Accessible name of an icon control with an unread count: "Messages" / "Messages, 9+ unread". */
export function withUnread(name: string, count: number | null | undefined): string {
  const shown = formatBadgeCount(count);
  return shown ? `${name}, ${shown} unread` : name;
}
