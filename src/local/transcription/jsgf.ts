/**
 * The grammars and dictionaries the recognizer is given to time a known text or to
 * choose among known phrases. Each distinct pronunciation set gets a neutral word name
 * (`w0`, `w1`, ...), so no spelling of the text reaches the grammar's syntax and the
 * answer maps back to the text's own words.
 *
 * @module
 */

/** A grammar and the dictionary of its words. */
export interface RecognitionGrammar {
  /** The JSGF grammar. */
  readonly grammar: string;
  /** The dictionary: one line per word name and pronunciation. */
  readonly dictionary: string;
  /** For each phrase, the word name of each of its sayable tokens, in order. */
  readonly phraseWords: readonly (readonly string[])[];
  /** For each phrase, the index of the token behind each word name of `phraseWords`. */
  readonly phraseTokens: readonly (readonly number[])[];
}

/**
 * A grammar whose sentences are the phrases (each a list of tokens with their
 * pronunciations); tokens without one are left out.
 *
 * @example
 * ```ts
 * const grammar = phraseGrammar([[["HH AH L OW"], ["W ER L D"]]]);
 * grammar.grammar; // "#JSGF V1.0;\ngrammar reelkit;\npublic <phrase> = ( w0 w1 );\n"
 * ```
 */
export function phraseGrammar(
  phrases: readonly (readonly (readonly string[])[])[],
): RecognitionGrammar {
  const names = new Map<string, string>();
  const lines: string[] = [];
  const nameOf = (pronunciations: readonly string[]): string => {
    const key = pronunciations.join("|");
    let name = names.get(key);
    if (name === undefined) {
      name = `w${names.size}`;
      names.set(key, name);
      pronunciations.forEach((phones, variant) => {
        lines.push(`${variant === 0 ? name : `${name}(${variant + 1})`} ${phones}`);
      });
    }
    return name;
  };
  const phraseWords: string[][] = [];
  const phraseTokens: number[][] = [];
  for (const phrase of phrases) {
    const words: string[] = [];
    const tokens: number[] = [];
    phrase.forEach((pronunciations, token) => {
      if (pronunciations.length === 0) return;
      words.push(nameOf(pronunciations));
      tokens.push(token);
    });
    phraseWords.push(words);
    phraseTokens.push(tokens);
  }
  const alternatives = phraseWords
    .filter((words) => words.length > 0)
    .map((words) => `( ${words.join(" ")} )`);
  return {
    grammar: `#JSGF V1.0;\ngrammar reelkit;\npublic <phrase> = ${alternatives.join(" | ")};\n`,
    dictionary: `${lines.join("\n")}\n`,
    phraseWords,
    phraseTokens,
  };
}
