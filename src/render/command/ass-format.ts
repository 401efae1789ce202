/**
 * The small formats of an ASS subtitle document (libass): times, colours, alphas and
 * text that must not be read as override tags.
 *
 * @module
 */
import type { RgbaColor } from "../../editor/render-plan/types.js";
import { clamp } from "./numbers.js";

const CENTISECONDS_PER_SECOND = 100;

/**
 * An ASS time, `H:MM:SS.cc`, from centiseconds.
 *
 * @example
 * ```ts
 * assTime(6125); // "0:01:01.25"
 * ```
 */
export function assTime(centiseconds: number): string {
  const total = Math.max(0, Math.round(centiseconds));
  const hours = Math.floor(total / 360_000);
  const minutes = Math.floor(total / 6000) % 60;
  const seconds = Math.floor(total / CENTISECONDS_PER_SECOND) % 60;
  const fraction = total % CENTISECONDS_PER_SECOND;
  const two = (value: number) => String(value).padStart(2, "0");
  return `${hours}:${two(minutes)}:${two(seconds)}.${two(fraction)}`;
}

function hexByte(value: number): string {
  return Math.round(clamp(value, 0, 255))
    .toString(16)
    .toUpperCase()
    .padStart(2, "0");
}

/** The colour part of an override tag, `&HBBGGRR&` (ASS orders blue first). */
export function assColor(color: RgbaColor): string {
  return `&H${hexByte(color.blue)}${hexByte(color.green)}${hexByte(color.red)}&`;
}

/** An ASS alpha, `&HAA&`, where `&H00&` is opaque and `&HFF&` transparent. */
export function assAlpha(opacity: number): string {
  return `&H${hexByte(255 * (1 - clamp(opacity, 0, 1)))}&`;
}

/** A colour of a style line, `&HAABBGGRR`, opaque (alphas are set by override tags). */
export function assStyleColor(color: RgbaColor): string {
  return `&H00${hexByte(color.blue)}${hexByte(color.green)}${hexByte(color.red)}`;
}

// A word joiner after a backslash keeps `\N`, `\n` and `\h` in user text literal.
const WORD_JOINER = "\u2060";

/**
 * User text as ASS dialogue text: braces and backslashes stay literal, line breaks
 * become `\N`.
 *
 * @example
 * ```ts
 * assText("a {b}\nc\\N"); // "a \\{b\\}\\Nc\\⁠N" (with a word joiner after the last backslash)
 * ```
 */
export function assText(text: string): string {
  return text
    .replaceAll("\\", `\\${WORD_JOINER}`)
    .replaceAll("{", "\\{")
    .replaceAll("}", "\\}")
    .replaceAll(/\r\n|\r|\n/g, "\\N");
}

/** A style or font name with the characters that break an ASS line removed. */
export function assName(name: string): string {
  return name.replaceAll(/[,\r\n{}\\]/g, " ").trim();
}
