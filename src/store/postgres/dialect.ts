/**
 * The repositories' SQL, written for both databases, as PostgreSQL reads it: `?` placeholders become `$1, $2...`, and
 * SQLite's `IS ?` (null-safe equality) becomes `IS NOT DISTINCT FROM $n`. Quoted strings and identifiers are kept
 * as they are.
 */
export function translate(text: string): string {
  let out = '';
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "'" || c === '"') {
      const end = closing(text, i, c);
      out += text.slice(i, end + 1);
      i = end;
    } else if (c === '?') {
      out += `$${++n}`;
    } else {
      out += c;
    }
  }
  return out.replace(/\bIS NOT (\$\d+)/g, 'IS DISTINCT FROM $1').replace(/\bIS (\$\d+)/g, 'IS NOT DISTINCT FROM $1');
}

/** The index of the quote that closes the one at `start` (a doubled quote is an escaped one). */
function closing(text: string, start: number, quote: string): number {
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] !== quote) continue;
    if (text[i + 1] === quote) i++;
    else return i;
  }
  throw new Error(`unterminated ${quote} in SQL: ${text}`);
}
