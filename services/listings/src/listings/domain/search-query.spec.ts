import { AIRSOFT_DICTIONARY_V1 } from '../../migrations/1765100000002-airsoft-search';
import {
  buildSearchDictionary,
  exactQuery,
  matchQuery,
  normaliseSearchText,
  planSearch,
  splitModelName,
  suggestionPrefix,
  tokenise,
  withoutEmptySearch,
  type DictionaryEntry,
} from './search-query';

// The dictionary as the migration seeds it, so the tests read the real data.
const entries: DictionaryEntry[] = AIRSOFT_DICTIONARY_V1.flatMap(
  ([kind, label, expansion, terms]) => terms.map((term) => ({ term, kind, label, expansion })),
);
const dictionary = buildSearchDictionary(entries);
const plan = (text: string) => planSearch(text, dictionary);
const match = (text: string) => matchQuery(plan(text));
const exact = (text: string) => exactQuery(plan(text));
const words = (text: string) => tokenise(text).map((t) => t.text);

describe('normaliseSearchText', () => {
  it.each([
    ['  Tokyo   MARUI ', 'tokyo marui'],
    ['Saoirse’s Glöck', 'saoirse’s glock'],
    ['G&G', 'gg'],
    ['e & l', 'el'],
    ['crème brûlée', 'creme brulee'],
    ['tab\tand\nnewline', 'tab and newline'],
  ])('%j → %j', (input, output) => {
    expect(normaliseSearchText(input)).toBe(output);
  });
});

describe('tokenise', () => {
  it.each([
    ['m4a1', ['m4a1']],
    ['M4 A1', ['m4', 'a1']],
    ['hi-capa 5.1', ['hi', 'capa', '5.1']],
    ['Hi-Capa, 4.3!', ['hi', 'capa', '4.3']],
    ['0.25g bbs', ['0.25', 'g', 'bbs']],
    ['g&g m4', ['gg', 'm4']],
    ['!!! ??? ###', []],
    ['', []],
    ["'; DROP TABLE listings; --", ['drop', 'table', 'listings']],
    ['a:* & b | !c <-> d', ['a', 'b', 'c', 'd']],
  ])('%j → %j', (input, output) => {
    expect(words(input)).toEqual(output);
  });

  it('marks hyphen and slash joins', () => {
    expect(tokenise('ak-74 m4/m16 mk 18').map((t) => t.hyphenated)).toEqual([
      false,
      true,
      false,
      true,
      false,
      false,
    ]);
  });
});

describe('splitModelName', () => {
  it.each([
    ['m4a1', ['m4', 'a1']],
    ['m40a5', ['m40', 'a5']],
    ['mk18', ['mk', '18']],
    ['hk416', ['hk', '416']],
    ['ak74m', ['ak', '74', 'm']],
    ['g36', ['g36']],
    ['m4', ['m4']],
    ['glock', ['glock']],
    ['1911', ['1911']],
    ['5.1', ['5.1']],
  ])('%s → %j', (word, parts) => {
    expect(splitModelName(word)).toEqual(parts);
  });
});

describe('planSearch', () => {
  it('prefixes each word in titles and matches whole words anywhere', () => {
    expect(match('glock')).toBe('(glock | glock:*A)');
    expect(exact('glock')).toBe('(glock:A)');
  });

  it('ANDs the groups of a query', () => {
    expect(plan('glock 17 black').groups).toHaveLength(3);
    expect(match('glock 17 black')).toBe('(glock | glock:*A) & (17) & (black | black:*A)');
  });

  it('does not prefix single letters or plain numbers (too many index entries)', () => {
    expect(match('x')).toBe('(x)');
    expect(match('7')).toBe('(7)');
    expect(match('1911')).toContain('1911');
    expect(match('1911')).not.toContain('1911:*');
    expect(match('mp 9')).toContain('mp9:*A');
  });

  it('"m4" matches M4 exactly and anything starting m4 by prefix', () => {
    expect(match('m4')).toContain('m4:*A');
    expect(exact('m4')).toBe('(m4:A)');
  });

  it('joins "mk 18" to mk18 and keeps the split form', () => {
    expect(plan('mk 18').groups).toHaveLength(1);
    expect(match('mk 18')).toContain('mk18');
    expect(match('mk 18')).toContain('(mk) & (18)');
  });

  it('splits "mk18" so titles written "MK 18" match as a phrase', () => {
    expect(match('mk18')).toContain('mk <-> 18');
  });

  it('"m4a1" also matches "M4 A1", and "m4 a1" also matches "M4A1"', () => {
    expect(match('m4a1')).toContain('m4 <-> a1');
    expect(match('m4 a1')).toContain('m4a1');
    expect(plan('m4 a1').groups).toHaveLength(1);
  });

  it.each(['hicapa', 'hi capa', 'hi-capa', 'HI-CAPA', 'Hicappa'])(
    '%j is the Hi-Capa (joined form, as titles index it)',
    (text) => {
      expect(match(text)).toContain('hicapa');
      expect(plan(text).recognised.map((e) => e.label)).toContain('Hi-Capa');
    },
  );

  it.each([
    ['tm', 'tokyo <-> marui', 'Tokyo Marui'],
    ['marui', 'tokyo <-> marui', 'Tokyo Marui'],
    ['g&g', 'gg', 'G&G'],
    ['gg', 'gg', 'G&G'],
    ['specna', 'specna <-> arms', 'Specna Arms'],
    ['specna arms', 'specna <-> arms', 'Specna Arms'],
    ['e&l', 'el', 'E&L'],
    ['we', 'we <-> tech', 'WE Tech'],
    ['vfc', 'vfc', 'VFC'],
    ['kwa', 'kwa', 'KWA'],
    ['ics', 'ics', 'ICS'],
    ['ares', 'ares', 'Ares'],
    ['cyma', 'cyma', 'Cyma'],
    ['lct', 'lct', 'LCT'],
    ['krytac', 'krytac', 'Krytac'],
  ])('brand alias %j → %j', (text, expansion, label) => {
    expect(match(text)).toContain(expansion);
    expect(plan(text).recognised.map((e) => e.label)).toContain(label);
  });

  it.each([
    ['aeg', 'cataegrifles'],
    ['electric rifle', 'cataegrifles'],
    ['gbbr', 'catgasrifles'],
    ['gbb', 'catgasrifles'],
    ['gbb', 'catpistols'],
    ['gas blowback', 'catgasrifles'],
    ['pistol', 'catpistols'],
    ['handgun', 'catpistols'],
    ['sniper', 'catsniperrifles'],
    ['bolt action', 'catsniperrifles'],
    ['dmr', 'catsniperrifles'],
    ['bbs', 'catbbsgas'],
    ['hpa', 'catpartsupgrades'],
    ['lipo', 'catbatterieschargers'],
  ])('category synonym %j → %s', (text, word) => {
    expect(match(text)).toContain(word);
    expect(exact(text)).toContain(word);
  });

  it.each([
    ['mag', 'magazine'],
    ['mk-18', 'mk18'],
    ['ak 74', 'ak74'],
    ['deagle', 'desert <-> eagle'],
    ['minimi', 'm249'],
    ['scar', 'scarl'],
  ])('model spelling %j → %j', (text, expansion) => {
    expect(match(text)).toContain(expansion);
  });

  it('keeps the word itself as an alternative of an alias', () => {
    expect(match('tm')).toContain('tm | tm:*A');
    expect(match('aeg')).toContain('aeg | aeg:*A');
  });

  it('reads "tm hicapa" as the brand AND the model', () => {
    const p = plan('tm hicapa');
    expect(p.groups).toHaveLength(2);
    expect(p.recognised.map((e) => e.label)).toEqual(['Tokyo Marui', 'Hi-Capa']);
    expect(exactQuery(p)).toBe('(tm:A | tokyo:A <-> marui:A) & (hicapa:A)');
  });

  it('prefers the longest dictionary term ("gas blowback rifle" over "gas")', () => {
    const p = plan('gas blowback rifle');
    expect(p.groups).toHaveLength(1);
    expect(p.recognised.map((e) => e.expansion)).toEqual(['gas_rifles']);
  });

  it.each(['the', 'the and of', '!!!', '   ', '& | <-> :*', '—'])(
    'stop words or symbols only (%j) leave no text filter',
    (text) => {
      expect(plan(text).groups).toEqual([]);
    },
  );

  it('offers a whole-word form of each plain word, chosen when it is a title word', () => {
    const [g] = plan('used').groups;
    expect(g).toMatchObject({ match: '(used | used:*A)', whole: '(used)', word: 'used' });
    const [alias] = plan('tm').groups;
    expect(alias).toMatchObject({ match: '(tm | tm:*A | tokyo <-> marui)', word: 'tm' });
    expect(alias!.whole).toBe('(tm | tokyo <-> marui)');
    expect(plan('mk 18').groups[0]!.word).toBeNull();
  });

  it('matches hyphenated words joined or as a phrase, never as a lone part', () => {
    expect(match('hop-up')).toBe('(hopup | hopup:*A)');
    expect(match('gas-tight')).toBe('(gas <-> tight | gastight | gastight:*A)');
  });

  it('drops stop words between real words', () => {
    expect(match('the glock for sale')).toBe('(glock | glock:*A) & (sale | sale:*A)');
  });

  it('offers plain words of four letters or more for typo correction, not aliases or numbers', () => {
    expect(plan('glok').groups[0]!.typo).toBe('glok');
    expect(plan('kriss vectr').groups.map((g) => g.typo)).toEqual([null, 'vectr']);
    expect(plan('tm').groups[0]!.typo).toBeNull();
    expect(plan('abc').groups[0]!.typo).toBeNull();
    expect(plan('1911a').groups[0]!.typo).toBeNull();
  });

  it('reads at most 10 tokens', () => {
    expect(plan(Array.from({ length: 30 }, (_, i) => `word${i}x`).join(' ')).groups).toHaveLength(
      10,
    );
  });

  it('only ever emits to_tsquery syntax around [a-z0-9.] words', () => {
    const nasty = "glock') ; select pg_sleep(1) -- :* & | ! <-> \\ ' \" 5.1";
    const text = matchQuery(plan(nasty)) + exactQuery(plan(nasty));
    expect(text.replace(/[a-z0-9.]+|:\*A|:A|<->|[()|& ]/g, '')).toBe('');
  });
});

describe('suggestionPrefix', () => {
  it.each([
    ['hica', 'hica'],
    ['Hi ca', 'hica'],
    ['HI-CAPA', 'hicapa'],
    ['g&', 'g'],
    ['!!!', null],
  ])('%j → %j', (text, prefix) => {
    expect(suggestionPrefix(text)).toBe(prefix);
  });
});

describe('withoutEmptySearch', () => {
  it('turns a search of stop words into no search, newest first', () => {
    expect(withoutEmptySearch({ search: 'the and', sort: 'relevance' }, dictionary)).toEqual({
      search: null,
      sort: 'newest',
    });
    expect(withoutEmptySearch({ search: '!!!', sort: 'price_asc' }, dictionary)).toEqual({
      search: null,
      sort: 'price_asc',
    });
  });

  it('keeps a real search, and a stop word that is an alias ("we")', () => {
    const p = { search: 'we', sort: 'relevance' as const };
    expect(withoutEmptySearch(p, dictionary)).toBe(p);
  });
});
