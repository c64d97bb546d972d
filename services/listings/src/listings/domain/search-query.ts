/**
 * Query understanding for listing search (issue 14, ADR 0011): what a buyer types → the
 * full-text query Postgres runs. Pure: no framework, no database; the dictionary is passed in.
 *
 * A query becomes an AND of **groups**; each group is an OR of alternatives for one thing the
 * buyer meant:
 * - a word matches itself anywhere and, unless it is a whole title word already, as a prefix
 *   in titles (`hica` → `hica | hica:*A`), so a half-typed word finds its listings while
 *   descriptions only match whole words;
 * - a dictionary term (alias, synonym, model spelling: `tm`, `hi capa`, `aeg`) also matches its
 *   expansion: the words as titles spell them, or a category's word (`catpistols`);
 * - letter–digit model names match split and joined (`mk 18` ↔ `mk18`, `m4a1` ↔ `m4 a1`);
 * - a plain word that may be misspelt is handed to SQL, which adds the nearest title words from
 *   the vocabulary (`search_terms`) as further alternatives — per word, so one typo no longer
 *   needs the whole query to fail.
 * Each group also has an **exact** form (whole words in the title, weight A): a listing matching
 * every group exactly ranks above one that matches only by prefix.
 *
 * Everything that reaches `to_tsquery` is built from `[a-z0-9.]` tokens and fixed operators, so
 * no input can break its syntax. Stop words and symbols are dropped; a query left with no group
 * means "no text filter".
 */

export type DictionaryKind = 'brand' | 'model' | 'category';

export interface DictionaryEntry {
  /** What a buyer types ("tm", "hi capa", "aeg"). */
  term: string;
  kind: DictionaryKind;
  /** What suggestions show ("Tokyo Marui", "Hi-Capa", "Pistols"). */
  label: string;
  /** Words as titles spell them ("tokyo marui"), or the category id for `category`. */
  expansion: string;
}

export interface SearchDictionary {
  /** Entries for a normalised term: its tokens joined by spaces, or without spaces. */
  lookup(key: string): readonly DictionaryEntry[] | undefined;
  /** The longest term, in tokens. */
  readonly maxTokens: number;
}

export interface SearchGroup {
  /** `to_tsquery('english', …)` text of every alternative, with prefixes. */
  match: string;
  /**
   * The same without prefix expansion, used instead of `match` when `word` is a whole title
   * word (SQL checks the vocabulary): "used" then matches used, not every word starting "use".
   * A prefix of a frequent word makes the GIN index build a bitmap of all its listings, which
   * cost selective searches 5–10×; a word still being typed ("hica", "glo") is nobody's whole
   * word and keeps its prefix.
   */
  whole: string;
  /** The plain word to look up in the vocabulary, or null (no choice to make). */
  word: string | null;
  /** The same alternatives as whole title words (the "exact" ranking bonus). */
  exact: string;
  /** A plain word SQL may correct against the vocabulary, or null. */
  typo: string | null;
}

export interface SearchPlan {
  /** AND of these; empty = no text filter. */
  groups: SearchGroup[];
  /** The dictionary entries recognised (for the suggestions and tests). */
  recognised: DictionaryEntry[];
}

/** PostgreSQL's English stop words (`english.stop`): its parser drops them anyway. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'i me my myself we our ours ourselves you your yours yourself yourselves he him his himself ' +
    'she her hers herself it its itself they them their theirs themselves what which who whom ' +
    'this that these those am is are was were be been being have has had having do does did ' +
    'doing a an the and but if or because as until while of at by for with about against ' +
    'between into through during before after above below to from up down in out on off over ' +
    'under again further then once here there when where why how all any both each few more ' +
    'most other some such no nor not only own same so than too very s t can will just don ' +
    'should now'
  ).split(' '),
);

/** At most this many tokens are read: a longer query is a paste, not a search. */
export const MAX_TOKENS = 10;
/** Letter runs up to this length are model prefixes ("mk 18", "g 36"), longer are words. */
const MODEL_PREFIX_LETTERS = 3;
/** Shorter plain words are not typo-corrected (too many near neighbours). */
const TYPO_MIN_LENGTH = 4;

/**
 * Lower case, accents and other marks removed, `&` inside a name joined (`g&g` → `gg`, as the
 * title forms index it), whitespace collapsed.
 */
export function normaliseSearchText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/([a-z0-9])\s*&\s*(?=[a-z0-9])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

export interface Token {
  text: string;
  /** Written joined to the previous token by a hyphen or slash (`hi-capa`, `ak-74`). */
  hyphenated: boolean;
}

const TOKEN = /[a-z0-9]+(?:\.[0-9]+)*/g;

/** Words and numbers (decimals kept: `5.1`); everything else separates them. */
export function tokenise(text: string): Token[] {
  const normalised = normaliseSearchText(text);
  const tokens: Token[] = [];
  let end = -1;
  for (const m of normalised.matchAll(TOKEN)) {
    const between = end < 0 ? '' : normalised.slice(end, m.index);
    tokens.push({ text: m[0], hyphenated: end >= 0 && /^[-/]$/.test(between) });
    end = m.index + m[0].length;
  }
  return tokens;
}

const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
const isLetter = (c: string | undefined) => c !== undefined && c >= 'a' && c <= 'z';

/**
 * A model name split where digits meet letters (`m4a1` → `m4 a1`, `m40a5` → `m40 a5`) and
 * where a short letter prefix meets digits (`mk18` → `mk 18`, `hk416` → `hk 416`); other
 * words come back whole.
 */
export function splitModelName(word: string): string[] {
  if (!/^[a-z0-9]+$/.test(word)) return [word];
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < word.length; i++) {
    const c = word[i]!;
    const prev = current[current.length - 1];
    const digitToLetter = isDigit(prev) && isLetter(c);
    const letterToDigit =
      isLetter(prev) && isDigit(c) && current.length >= 2 && /^[a-z]+$/.test(current);
    if (current && (digitToLetter || letterToDigit)) {
      parts.push(current);
      current = '';
    }
    current += c;
  }
  parts.push(current);
  return parts;
}

/** Letters and digits meet across two tokens, with a short letter side (`mk 18`, `m4 a1`). */
function joinable(a: Token, b: Token): boolean {
  if (b.hyphenated) return true;
  const last = a.text[a.text.length - 1];
  const first = b.text[0];
  if (a.text.includes('.') || b.text.includes('.')) return false;
  if (isLetter(last) && isDigit(first))
    return (a.text.match(/[a-z]+$/)?.[0].length ?? 0) <= MODEL_PREFIX_LETTERS;
  if (isDigit(last) && isLetter(first))
    return (b.text.match(/^[a-z]+/)?.[0].length ?? 0) <= MODEL_PREFIX_LETTERS;
  return false;
}

/** Dictionary key of some tokens: joined by spaces, and compact (no spaces). */
const spaced = (tokens: readonly Token[]) => tokens.map((t) => t.text).join(' ');
const compact = (tokens: readonly Token[]) => tokens.map((t) => t.text).join('');

export function buildSearchDictionary(entries: readonly DictionaryEntry[]): SearchDictionary {
  const byKey = new Map<string, DictionaryEntry[]>();
  let maxTokens = 1;
  const add = (key: string, entry: DictionaryEntry) => {
    const list = byKey.get(key) ?? [];
    if (!list.some((e) => e.kind === entry.kind && e.expansion === entry.expansion))
      list.push(entry);
    byKey.set(key, list);
  };
  for (const entry of entries) {
    const tokens = tokenise(entry.term);
    if (tokens.length === 0) continue;
    maxTokens = Math.max(maxTokens, tokens.length);
    add(spaced(tokens), entry);
    add(compact(tokens), entry);
  }
  return { lookup: (key) => byKey.get(key), maxTokens };
}

/** One alternative of a group: OR-ed atoms, as matched (with prefixes) and as exact title words. */
interface Alternative {
  match: string[];
  exact: string[];
}

/**
 * Prefixes of one letter are noise ("m:*" is half the catalogue), and so are prefixes of plain
 * numbers: "10:*" expands to every number starting 10 in every description, which costs the
 * index more than the whole rest of a search. Model numbers match whole ("glock 17") or joined
 * to their letters ("vsr 10" → `vsr10:*`).
 */
const prefixable = (w: string) => w.length >= 2 && /[a-z]/.test(w);

function wordAlternative(w: string, prefix = true): Alternative {
  const split = splitModelName(w);
  const match = prefix && prefixable(w) ? [w, `${w}:*A`] : [w];
  const exact = [`${w}:A`];
  if (split.length > 1) {
    match.push(split.join(' <-> '));
    exact.push(split.map((p) => `${p}:A`).join(' <-> '));
  }
  return { match, exact };
}

function allOf(alternatives: Alternative[]): Alternative {
  if (alternatives.length === 1) return alternatives[0]!;
  const and = (atoms: string[][]) => atoms.map((a) => `(${a.join(' | ')})`).join(' & ');
  return {
    match: [and(alternatives.map((a) => a.match))],
    exact: [and(alternatives.map((a) => a.exact))],
  };
}

/** How titles spell an expansion: one word (`hi-capa` → `hicapa`, as indexed) or a phrase. */
function expansionAlternative(entry: DictionaryEntry): Alternative | null {
  if (entry.kind === 'category') {
    if (!/^[a-z_]+$/.test(entry.expansion)) return null;
    const word = `cat${entry.expansion.replace(/_/g, '')}`;
    return { match: [word], exact: [word] };
  }
  const tokens = tokenise(entry.expansion);
  if (tokens.length === 0) return null;
  if (tokens.length > 1 && tokens.slice(1).every((t) => t.hyphenated)) {
    const w = compact(tokens);
    return { match: [w], exact: [`${w}:A`] };
  }
  return {
    match: [tokens.map((t) => t.text).join(' <-> ')],
    exact: [tokens.map((t) => `${t.text}:A`).join(' <-> ')],
  };
}

function group(alternatives: Alternative[], typo: string | null): SearchGroup {
  const atoms = (pick: (a: Alternative) => string[]) => [...new Set(alternatives.flatMap(pick))];
  const match = `(${atoms((a) => a.match).join(' | ')})`;
  return { match, whole: match, word: null, exact: `(${atoms((a) => a.exact).join(' | ')})`, typo };
}

/** The longest dictionary term starting at `i`, by spaced or compact key. */
function dictionaryAt(tokens: readonly Token[], i: number, dictionary: SearchDictionary) {
  for (let n = Math.min(dictionary.maxTokens, tokens.length - i); n >= 1; n--) {
    const span = tokens.slice(i, i + n);
    const entries = dictionary.lookup(spaced(span)) ?? dictionary.lookup(compact(span));
    if (entries?.length) return { n, entries };
  }
  return null;
}

/** What to search for: see the module comment. */
export function planSearch(text: string, dictionary: SearchDictionary): SearchPlan {
  const tokens = tokenise(text).slice(0, MAX_TOKENS);
  const groups: SearchGroup[] = [];
  const recognised: DictionaryEntry[] = [];
  let i = 0;
  while (i < tokens.length) {
    const found = dictionaryAt(tokens, i, dictionary);
    if (found) {
      const span = tokens.slice(i, i + found.n);
      const words = span.map((t) => t.text).filter((w) => !STOP_WORDS.has(w));
      // One typed word keeps its prefix (unless SQL finds it is a whole title word); the words
      // of a longer term are whole words.
      const single = span.length === 1 ? span[0]!.text : null;
      const expansions: Alternative[] = [];
      for (const entry of found.entries) {
        const alt = expansionAlternative(entry);
        if (alt) expansions.push(alt);
        recognised.push(entry);
      }
      const typed = (prefix: boolean): Alternative[] => {
        const own: Alternative[] = [];
        if (words.length) own.push(allOf(words.map((w) => wordAlternative(w, prefix))));
        if (span.length > 1) own.push(wordAlternative(compact(span), false));
        return [...own, ...expansions];
      };
      if (typed(false).length) {
        const withPrefix = group(typed(single !== null), null);
        groups.push({ ...withPrefix, whole: group(typed(false), null).match, word: single });
      }
      i += found.n;
      continue;
    }
    const a = tokens[i]!;
    const b = tokens[i + 1];
    if (b && joinable(a, b)) {
      // The joined form ("mk18", "m4a", "hopup") matches also by prefix: cheap, as few words
      // start with it. Hyphenated parts match as a phrase ("hop-up" is not "hop" anywhere);
      // letter–digit parts ("mk 18") as whole words in any order.
      const alternatives = [wordAlternative(a.text + b.text)];
      const stop = STOP_WORDS.has(a.text) || STOP_WORDS.has(b.text);
      if (b.hyphenated && !stop)
        alternatives.unshift({
          match: [`${a.text} <-> ${b.text}`],
          exact: [`${a.text}:A <-> ${b.text}:A`],
        });
      else if (!b.hyphenated)
        alternatives.unshift(
          allOf(
            [a.text, b.text]
              .filter((w) => !STOP_WORDS.has(w))
              .map((w) => wordAlternative(w, false)),
          ),
        );
      groups.push(group(alternatives, null));
      i += 2;
      continue;
    }
    i += 1;
    if (STOP_WORDS.has(a.text)) continue;
    const typo = /^[a-z]+$/.test(a.text) && a.text.length >= TYPO_MIN_LENGTH ? a.text : null;
    groups.push({
      ...group([wordAlternative(a.text)], typo),
      whole: group([wordAlternative(a.text, false)], null).match,
      word: a.text,
    });
  }
  return { groups, recognised };
}

/** The exact-match query of a plan (AND of the groups' exact forms). */
export const exactQuery = (plan: SearchPlan): string => plan.groups.map((g) => g.exact).join(' & ');

/** The match query of a plan without typo alternatives (SQL adds those). */
export const matchQuery = (plan: SearchPlan): string => plan.groups.map((g) => g.match).join(' & ');

/**
 * Normalised prefix for suggestions: letters and digits of the tokens, no spaces ("hi ca" →
 * "hica", "hi-capa 5.1" → "hicapa51"), or null when nothing searchable is left.
 */
export function suggestionPrefix(text: string): string | null {
  const key = compact(tokenise(text).slice(0, MAX_TOKENS)).replace(/[^a-z0-9]/g, '');
  return key.length > 0 ? key.slice(0, 60) : null;
}

/**
 * A search with nothing searchable in it (stop words, symbols) is no search: newest first, the
 * same page and cache entry as no search at all, and every page keeps that order.
 */
export function withoutEmptySearch<
  P extends { search: string | null; sort: 'newest' | 'price_asc' | 'price_desc' | 'relevance' },
>(params: P, dictionary: SearchDictionary): P {
  if (params.search === null || planSearch(params.search, dictionary).groups.length > 0)
    return params;
  return { ...params, search: null, sort: params.sort === 'relevance' ? 'newest' : params.sort };
}
