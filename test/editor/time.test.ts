import { describe, expect, it } from "vitest";
import {
  durationSecondsToFrames,
  framesToSeconds,
  secondsToFrames,
} from "../../src/editor/index.js";

describe("secondsToFrames", () => {
  it.each([
    [0, 30, 0],
    [0.1, 30, 3],
    [1.5, 30, 45],
    [1 / 24, 24, 1],
    [0.02, 24, 0],
    [0.03, 25, 1],
    [2.5, 60, 150],
    [0.0083, 60, 0],
    [0.0084, 60, 1],
  ])("%s s at %i fps is frame %i", (seconds, fps, frames) => {
    expect(secondsToFrames(seconds, fps)).toBe(frames);
  });
});

describe("durationSecondsToFrames", () => {
  it.each([
    [0.001, 30, 1],
    [0, 24, 1],
    [0.1, 25, 3],
    [2, 25, 50],
    [3600, 60, 216000],
  ])("%s s at %i fps lasts %i frames (never less than one)", (seconds, fps, frames) => {
    expect(durationSecondsToFrames(seconds, fps)).toBe(frames);
  });
});

describe("framesToSeconds", () => {
  it.each([
    [45, 30, 1.5],
    [0, 60, 0],
    [25, 25, 1],
    [1, 24, 1 / 24],
  ])("frame %i at %i fps is %s s", (frames, fps, seconds) => {
    expect(framesToSeconds(frames, fps)).toBe(seconds);
  });
});
