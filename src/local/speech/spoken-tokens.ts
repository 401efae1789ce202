/**
 * The words of a script as captions show them: the text cut at white space, each piece
 * kept with its punctuation ("world," stays "world,"), and only pieces that hold a
 * letter or a digit, since a dash or a lone quote is not spoken.
 *
 * @module
 */

const SPOKEN = /[\p{L}\p{N}]/u;

/**
 * The spoken tokens of `text`, in order, spelled as written.
 *
 * @example
 * ```ts
 * spokenTokens("Hello, world — it's 42!"); // ["Hello,", "world", "it's", "42!"]
 * ```
 */
export function spokenTokens(text: string): string[] {
  return text.split(/\s+/u).filter((token) => SPOKEN.test(token));
}

/** Whether a token ends a clause (a comma, a colon, a sentence's end), where speech pauses. */
export function endsClause(token: string): boolean {
  return /[,;:.!?…。、！？]["'”’)\]]*$/u.test(token);
}
