/**
 * Look-alike usernames (issue 22, item 9; ADR 0020). Two usernames with the same skeleton read
 * the same to a person, so only one of them may exist. The skeleton of a username:
 *   1. lower case (usernames are case-insensitive already);
 *   2. without `.` and `_` (`demo.buyer`, `demo_buyer.` and `demobuyer` read alike);
 *   3. each character replaced by its prototype from `USERNAME_CONFUSABLES`.
 * Usernames are `a-z 0-9 _ .` only (username-rule.ts), so no other script can enter one and
 * the UTS #39 confusables that matter are those whose source and prototype are both in that
 * alphabet.
 */

/**
 * Every entry of Unicode's confusables.txt (UTS #39) between characters of the username
 * alphabet, case-folded: `0 → O` (here `o`), `1 → l`, `m → rn`. Nothing else: UTS #39 does
 * not list `5`/`s`, `8`/`b`, `vv`/`w` or `cl`/`d`, and a wider table would refuse names that
 * people do not confuse. `m → rn` is one way: "rn" typed as two letters gets the same skeleton
 * as "m".
 */
export const USERNAME_CONFUSABLES: Readonly<Record<string, string>> = {
  '0': 'o',
  '1': 'l',
  m: 'rn',
};

/** The longest skeleton of a valid username: 30 letters `m`, each two characters. */
export const MAX_SKELETON_LENGTH = 60;

export function usernameSkeleton(username: string): string {
  let skeleton = '';
  for (const ch of username.toLowerCase().replace(/[._]/g, '')) {
    skeleton += USERNAME_CONFUSABLES[ch] ?? ch;
  }
  return skeleton;
}
