import { describe, expect, it } from "vitest";
import { parseFlitePhones } from "../../src/local/speech/flite.js";
import { alignWordsToPhones } from "../../src/local/speech/phone-alignment.js";
import { parsePocketsphinxWords } from "../../src/local/transcription/pocketsphinx.js";

const HELLO_WORLD = parseFlitePhones(
  "pau:0.164 hh:0.255 ax:0.304 l:0.412 ow:0.548 w:0.663 er:0.789 l:0.971 d:1.025 pau:1.141\n",
);

describe("timing words from the phones a synthesizer spoke", () => {
  it("gives each word the span of its phones, pauses belonging to none", () => {
    expect(
      alignWordsToPhones(
        [
          ["hh", "ax", "l", "ow"],
          ["w", "er", "l", "d"],
        ],
        HELLO_WORLD,
      ),
    ).toEqual([
      { startSeconds: 0.164, endSeconds: 0.548 },
      { startSeconds: 0.548, endSeconds: 1.025 },
    ]);
  });

  it("pairs sequences that disagree on a phone, an extra one or a missing one", () => {
    const spans = alignWordsToPhones(
      [
        ["hh", "eh", "l", "ow"],
        ["w", "er", "l", "d", "z"],
      ],
      HELLO_WORLD,
    );
    expect(spans[0]?.endSeconds).toBeCloseTo(0.548, 6);
    expect(spans[1]).toEqual({ startSeconds: 0.548, endSeconds: 1.025 });
  });

  it("gives a word none of whose phones was heard an empty span where it would be", () => {
    expect(
      alignWordsToPhones([["hh", "ax", "l", "ow"], [], ["w", "er", "l", "d"]], HELLO_WORLD),
    ).toEqual([
      { startSeconds: 0.164, endSeconds: 0.548 },
      { startSeconds: 0.548, endSeconds: 0.548 },
      { startSeconds: 0.548, endSeconds: 1.025 },
    ]);
  });

  it("runs times on when a later utterance restarts them", () => {
    const phones = parseFlitePhones("pau:0.1 ay:0.3 pau:0.4\npau:0.1 ay:0.2 pau:0.3\n");
    const ends = phones.map((phone) => Math.round(phone.endSeconds * 1000) / 1000);
    expect(ends).toEqual([0.1, 0.3, 0.4, 0.5, 0.6, 0.7]);
  });

  it("reads pocketsphinx's words, leaving out silence, noise and sentence marks", () => {
    const words = parsePocketsphinxWords(
      "hello world\n<s> 0.000 0.140 0.999\nhello(2) 0.150 0.510 0.98\n<sil> 0.52 0.6 1\n[NOISE] 0.6 0.7 1\nworld 0.700 0.900 1.0001\n</s> 0.9 1.0 1\n",
    );
    expect(words).toEqual([
      { word: "hello", startMs: 150, endMs: 510, confidence: 0.98 },
      { word: "world", startMs: 700, endMs: 900, confidence: 1 },
    ]);
  });
});
