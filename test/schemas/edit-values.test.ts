import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { countSpokenWords } from "../../src/schemas/edit-spoken-words.js";
import {
  animationConfigSchema,
  captionEntrySchema,
  captionStyleSchema,
  captionWordSchema,
  motionSchema,
  solidStyleSchema,
  textStyleSchema,
  voiceSettingsSchema,
} from "../../src/schemas/edit-values.js";
import { CAPTION_TIME_MAX_MS } from "../../src/schemas/limits.js";

describe("countSpokenWords", () => {
  test.each([
    ["", 0],
    ["   \n\t ", 0],
    ["Hello", 1],
    ["Hello world", 2],
    ["  Hello\n\nworld\t ", 2],
    ["Hello — world... it's 2025!", 4],
    ["« Bonjour » , dit-il .", 3],
    ["数字 123 ٣", 3],
    ["... — !!! ?", 0],
    // Scripts without spaces are spoken word by word, as a speech engine segments them.
    ["日本語のテキストです", 4],
    ["ภาษาไทย", 2],
    ["漢字漢字漢字", 3],
    // Letters joined by dots are spoken one by one; a decimal is two numbers.
    ["a.a.a", 3],
    ["U.S.A.", 3],
    ["3.14", 2],
    // Symbols a voice reads out count; typography stays silent.
    ["$5 + 3", 4],
    ["👍🏽 👨‍👩‍👧", 2],
    // A run of letters longer than any word is spoken for as long as several words.
    ["Donaudampfschifffahrtsgesellschaft", 2],
    ["a".repeat(200), 10],
  ])("counts %j as %i", (text, expected) => {
    expect(countSpokenWords(text)).toBe(expected);
  });

  test.each([
    ["12,000 CJK characters", "漢字".repeat(6000), 6000],
    ["6,000 characters of a.a.a", "a.".repeat(3000), 3000],
  ])("keeps %s from passing as one word", (_name, text, words) => {
    expect(countSpokenWords(text)).toBe(words);
  });

  const word = fc.oneof(
    fc.stringMatching(/^[A-Za-z]{1,8}('[a-z]{1,3})?$/),
    fc.stringMatching(/^[0-9]{1,6}$/),
  );
  const punctuation = fc.constantFrom("—", "...", "!", "?", ",", '"', "-", "«", "»");
  const gap = fc.constantFrom(" ", "  ", "\n", "\t", " \n ");

  test("equals the number of words however they are spaced and punctuated", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.oneof(word, punctuation), gap), { maxLength: 40 }),
        (tokens) => {
          const text = tokens.map(([token, space]) => `${token}${space}`).join("");
          const words = tokens.filter(([token]) => /[A-Za-z0-9]/.test(token)).length;
          expect(countSpokenWords(text)).toBe(words);
        },
      ),
      { seed: 4141, numRuns: 300 },
    );
  });

  test("is additive over whitespace-joined texts", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (left, right) => {
        expect(countSpokenWords(`${left} ${right}`)).toBe(
          countSpokenWords(left) + countSpokenWords(right),
        );
      }),
      { seed: 4142, numRuns: 300 },
    );
  });
});

describe("caption entries", () => {
  const entry = { text: "Hi there", startMs: 100, endMs: 900 };

  test("accept an entry that starts and ends at the same time", () => {
    expect(captionEntrySchema.parse({ ...entry, endMs: 100 })).toEqual({ ...entry, endMs: 100 });
  });

  test("report an entry ending before it starts at endMs", () => {
    const issues = captionEntrySchema.safeParse({ ...entry, endMs: 99 }).error?.issues;
    expect(issues?.map((issue) => issue.path)).toEqual([["endMs"]]);
    expect(issues?.[0]?.message).toContain("endMs 99 < startMs 100");
  });

  test("report every word that starts before the one before it", () => {
    const words = [
      { word: "a", startMs: 100, endMs: 200 },
      { word: "b", startMs: 50, endMs: 200 },
      { word: "c", startMs: 300, endMs: 400 },
      { word: "d", startMs: 250, endMs: 400 },
    ];
    const issues = captionEntrySchema.safeParse({ ...entry, words }).error?.issues;
    expect(issues?.map((issue) => issue.path)).toEqual([
      ["words", 1, "startMs"],
      ["words", 3, "startMs"],
    ]);
  });

  test("report a word ending before it starts at that word's endMs", () => {
    const words = [{ word: "a", startMs: 200, endMs: 100 }];
    const issues = captionEntrySchema.safeParse({ ...entry, words }).error?.issues;
    expect(issues?.map((issue) => issue.path)).toEqual([["words", 0, "endMs"]]);
  });

  test("accept null timestampMs and confidence, but not a null word confidence", () => {
    expect(
      captionEntrySchema.safeParse({ ...entry, timestampMs: null, confidence: null }).success,
    ).toBe(true);
    const word = { word: "a", startMs: 0, endMs: 1, confidence: null };
    expect(captionWordSchema.safeParse(word).error?.issues[0]?.path).toEqual(["confidence"]);
  });

  test("accept any ordered timing within the allowed range", () => {
    const time = fc.double({ min: 0, max: CAPTION_TIME_MAX_MS, noNaN: true });
    fc.assert(
      fc.property(fc.array(time, { minLength: 2, maxLength: 30 }), (times) => {
        const sorted = [...times].sort((left, right) => left - right);
        const startMs = sorted[0] ?? 0;
        const endMs = sorted.at(-1) ?? 0;
        const words = sorted.map((at) => ({ word: "w", startMs: at, endMs }));
        expect(captionEntrySchema.safeParse({ text: "w", startMs, endMs, words }).success).toBe(
          true,
        );
      }),
      { seed: 4143, numRuns: 200 },
    );
  });
});

describe("styles", () => {
  test("caption style accepts every text style field", () => {
    const textStyle = {
      color: "#fff",
      align: "right",
      font_family: "Inter",
      font_weight: "700",
      font_size: 48,
      line_height: 1.2,
      letter_spacing: -1,
      direction: "rtl",
      stroke_width: 2,
      stroke_color: "black",
      background_color: null,
      background_horizontal_padding: 12,
      background_border_radius: 8,
      fade_in_seconds: 0.3,
      fade_out_seconds: 0.3,
    };
    expect(textStyleSchema.parse(textStyle)).toEqual(textStyle);
    expect(captionStyleSchema.parse(textStyle)).toEqual(textStyle);
    expect(Object.keys(captionStyleSchema.shape)).toEqual(
      expect.arrayContaining(Object.keys(textStyleSchema.shape)),
    );
  });

  test("font_weight is a number from 1 to 1000 or a weight name, and nothing else", () => {
    for (const weight of ["1", "1000", "650", "bold", "Semi Bold", "extra-light", "BLACK"]) {
      expect(textStyleSchema.safeParse({ font_weight: weight }).success, weight).toBe(true);
    }
    for (const weight of ["0", "1001", "-5", "heavyish", "bold!", "NaN"]) {
      const issues = textStyleSchema.safeParse({ font_weight: weight }).error?.issues;
      expect(
        issues?.map((issue) => issue.path),
        weight,
      ).toEqual([["font_weight"]]);
      expect(issues?.[0]?.message).toContain("a number from 1 to 1000 or a weight name");
    }
  });

  test("text style rejects caption-only fields", () => {
    const issues = textStyleSchema.safeParse({ max_lines: 2 }).error?.issues;
    expect(issues?.[0]?.code).toBe("unrecognized_keys");
  });

  test("caption paging fields are whole numbers", () => {
    for (const field of ["page_duration_ms", "max_lines", "words_per_caption"]) {
      const issues = captionStyleSchema.safeParse({ [field]: 2.5 }).error?.issues;
      expect(issues?.map((issue) => issue.path)).toEqual([[field]]);
    }
  });

  test("colours may not be empty", () => {
    expect(textStyleSchema.safeParse({ color: "" }).error?.issues[0]?.path).toEqual(["color"]);
    expect(solidStyleSchema.safeParse({ color: "" }).error?.issues[0]?.path).toEqual(["color"]);
  });
});

describe("animation, motion, voice settings", () => {
  test("an animation needs a type and nothing else", () => {
    expect(animationConfigSchema.parse({ type: "none" })).toEqual({ type: "none" });
    expect(animationConfigSchema.safeParse({}).error?.issues[0]?.path).toEqual(["type"]);
  });

  test("motion accepts each of its types on its own", () => {
    for (const type of motionSchema.shape.type.options) {
      expect(motionSchema.parse({ type })).toEqual({ type });
    }
  });

  test("voice settings are all optional", () => {
    expect(voiceSettingsSchema.parse({})).toEqual({});
    expect(voiceSettingsSchema.safeParse({ use_speaker_boost: 1 }).error?.issues[0]?.path).toEqual([
      "use_speaker_boost",
    ]);
  });
});
