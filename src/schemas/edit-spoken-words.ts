/**
 * The spoken-word count of the voiceover limit (spec 4.14 rule 3, section 8), shared with
 * the editor engine so the schema and the engine can never count differently.
 *
 * @module
 */
export { countSpokenWords } from "./spoken-words.js";
