import { describe, expect, it } from "vitest";
import {
  createEditorState,
  type SynthesizedSpeech,
  speechRequestFor,
} from "../../../src/editor/index.js";
import type { AddVoiceoverOperation } from "../../../src/schemas/edit-operations.js";
import { applyFails, applyOk, itemOf } from "../support/apply.js";
import { audio, stateOf } from "../support/fixtures.js";

const speech: SynthesizedSpeech = {
  url: "https://voices.example.com/vo-1.mp3",
  durationSeconds: 4,
  mediaId: "6f1d3c4b-5a69-4788-9abc-def012345678",
  filename: "vo-1.mp3",
};

function voiceover(fields: Partial<AddVoiceoverOperation> = {}): AddVoiceoverOperation {
  return {
    type: "add_voiceover",
    text: "Meet the new spring collection.",
    voice_id: "ash",
    ...fields,
  };
}

describe("add_voiceover", () => {
  it("adds the synthesized speech as a voiceover item recording voice and text", () => {
    const result = applyOk(
      createEditorState({ fps: 24 }),
      [voiceover({ voice_name: "Ash", from_seconds: 1 })],
      {
        voiceover: speech,
      },
    );
    expect(result.value.state.assets["new-2"]).toEqual({
      id: "new-2",
      type: "audio",
      url: speech.url,
      name: "vo-1.mp3",
      durationSeconds: 4,
      width: null,
      height: null,
      mediaId: speech.mediaId,
      audioRole: "voiceover",
      metadata: { text: "Meet the new spring collection.", voice_id: "ash", voice_name: "Ash" },
    });
    expect(itemOf(result.value.state, "new-3")).toMatchObject({
      type: "audio",
      audioRole: "voiceover",
      from: 24,
      durationInFrames: 96,
      assetId: "new-2",
    });
  });

  it("trims and shortens on request", () => {
    const result = applyOk(
      createEditorState(),
      [
        voiceover({
          source_start_seconds: 1,
          duration_seconds: 2,
          volume_db: 3,
          filename: "intro.mp3",
        }),
      ],
      { voiceover: speech },
    );
    expect(itemOf(result.value.state, "new-3")).toMatchObject({
      durationInFrames: 60,
      sourceStartSeconds: 1,
      volumeDb: 3,
    });
    expect(result.value.state.assets["new-2"]?.name).toBe("intro.mp3");
  });

  it("accepts exactly 465 spoken words, punctuation not counted", () => {
    const text = `${"word ".repeat(465)} — ... !`;
    const result = applyOk(createEditorState(), [voiceover({ text })], { voiceover: speech });
    expect(Object.keys(result.value.state.items)).toHaveLength(1);
  });

  it("fails with voiceover_too_long at 466 spoken words", () => {
    const error = applyFails(createEditorState(), [voiceover({ text: "word ".repeat(466) })], {
      voiceover: speech,
    });
    expect(error.code).toBe("voiceover_too_long");
  });

  it.each([
    ["before", 1],
    ["after", 0],
  ])("fails with voiceover_not_alone when another operation comes %s it", (_where, index) => {
    const operations = [{ type: "set_title", title: "x" } as const];
    const batch = index === 1 ? [...operations, voiceover()] : [voiceover(), ...operations];
    const error = applyFails(createEditorState(), batch, { voiceover: speech });
    expect(error).toMatchObject({ code: "voiceover_not_alone", operationIndex: index });
  });

  it("fails with speech_unavailable without synthesized speech", () => {
    const error = applyFails(createEditorState(), [voiceover()]);
    expect(error.code).toBe("speech_unavailable");
  });

  it("fails with source_out_of_range past the end of the speech", () => {
    const error = applyFails(createEditorState(), [voiceover({ source_start_seconds: 4 })], {
      voiceover: speech,
    });
    expect(error.code).toBe("source_out_of_range");
  });

  it("fails with track_occupied on a busy explicit track", () => {
    const state = stateOf([
      { id: "music", items: [audio({ id: "m", from: 0, durationInFrames: 30 })] },
    ]);
    const error = applyFails(state, [voiceover({ track_id: "music" })], { voiceover: speech });
    expect(error.code).toBe("track_occupied");
  });

  it("builds the provider request from the operation", () => {
    expect(
      speechRequestFor(
        voiceover({ instructions: "warm", voice_settings: { speed: 1.1 }, filename: "a.mp3" }),
      ),
    ).toEqual({
      text: "Meet the new spring collection.",
      voice_id: "ash",
      instructions: "warm",
      voice_settings: { speed: 1.1 },
      filename: "a.mp3",
    });
  });
});
