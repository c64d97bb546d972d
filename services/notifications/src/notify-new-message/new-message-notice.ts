/** Text of the batched new-message notification (pure, so the wording is tested on its own). */
export function newMessageNotice(i: {
  senderName: string | null;
  preview: string;
  count: number;
}): { title: string; message: string } {
  const who = i.senderName?.trim() || 'Someone';
  const title = i.count <= 1 ? `New message from ${who}` : `${i.count} new messages from ${who}`;
  const preview = i.preview.replace(/\s+/g, ' ').trim();
  return { title, message: preview ? `“${preview}”` : 'Open the conversation to read it.' };
}

export const conversationPath = (conversationId: string) =>
  `/messages/${encodeURIComponent(conversationId)}`;
