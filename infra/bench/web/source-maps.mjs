// Source maps of the scripts a page ran, fetched from the stack that served them: their
// `sources` (run.mjs counts shared singletons by them) and enough of the format (VLQ mappings) to
// turn a script's line and column into a file, line and name (long-tasks.mjs).

/** A script's source map (`<url>.map`), or null when it has none. */
export async function fetchSourceMap(scriptUrl) {
  try {
    const res = await fetch(`${scriptUrl.split('?')[0]}.map`);
    return res.ok ? await res.json() : null;
  } catch {
    return null;
  }
}

const VLQ = Object.fromEntries(
  [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'].map((c, i) => [c, i]),
);
function decodeSegment(text) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const char of text) {
    const digit = VLQ[char];
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}
/** Per generated line, its segments as [column, source, line, name?] (absolute values). */
function parseMappings(map) {
  const lines = [];
  let source = 0;
  let line = 0;
  let name = 0;
  for (const text of map.mappings.split(';')) {
    let column = 0;
    const segments = [];
    for (const part of text.split(',')) {
      if (!part) continue;
      const v = decodeSegment(part);
      column += v[0];
      if (v.length < 4) continue;
      source += v[1];
      line += v[2];
      const segment = [column, source, line];
      if (v.length > 4) {
        name += v[4];
        segment.push(name);
      }
      segments.push(segment);
    }
    lines.push(segments);
  }
  return lines;
}

/**
 * Maps positions in the page's scripts to their sources: `original(url, line, column)` (0-based
 * line and column) gives "src/home/HomePage.tsx:28 HomeStat", or null when the script has no map
 * or the position none. Each script's map is fetched and decoded once.
 */
export function createSourceMapper() {
  const maps = new Map();
  const load = (scriptUrl) => {
    if (!maps.has(scriptUrl)) {
      maps.set(
        scriptUrl,
        fetchSourceMap(scriptUrl).then((map) => (map ? { map, lines: parseMappings(map) } : null)),
      );
    }
    return maps.get(scriptUrl);
  };
  return async function original(scriptUrl, line, column) {
    const found = scriptUrl.startsWith('http') ? await load(scriptUrl) : null;
    const segments = found?.lines[line];
    if (!segments) return null;
    let best = null;
    for (const segment of segments) {
      if (segment[0] > column) break;
      best = segment;
    }
    if (!best) return null;
    const file = found.map.sources[best[1]]
      .replace(/^webpack:\/\/[^/]*\//, '')
      .replace(/^(\.\.\/)+/, '');
    const name = best.length > 3 ? ` ${found.map.names[best[3]]}` : '';
    return `${file}:${best[2] + 1}${name}`;
  };
}
