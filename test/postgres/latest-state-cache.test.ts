/**
 * The host cache of latest editor states: a revision being committed is handed to a
 * reader of that revision once the commit succeeds, and never when it fails.
 */
import { describe, expect, it } from "vitest";
import { createEditorState } from "../../src/editor/state.js";
import { LatestStateCache } from "../../src/postgres/editor-revisions.js";

const KEY = "1/7";
const stateTitled = (title: string) => createEditorState({ aspect_ratio: "9:16", title });

describe("LatestStateCache", () => {
  it("hands a reader the state of a revision once its commit succeeds, and caches it", async () => {
    const cache = new LatestStateCache(4);
    const state = stateTitled("Committed");
    let commit: () => void = () => undefined;
    cache.committingRevision(KEY, {
      revision: 3,
      state,
      outcome: new Promise<void>((resolve) => (commit = resolve)),
    });
    expect(cache.get(KEY, 3)).toBeUndefined();
    const read = cache.settled(KEY, 3);
    commit();
    expect(await read).toBe(state);
    expect(cache.get(KEY, 3)).toBe(state);
    expect(await cache.settled(KEY, 4)).toBeUndefined();
  });

  it("hands nothing out for a revision whose commit fails", async () => {
    const cache = new LatestStateCache(4);
    cache.set(KEY, 2, stateTitled("Before"));
    let fail: (error: unknown) => void = () => undefined;
    cache.committingRevision(KEY, {
      revision: 3,
      state: stateTitled("Rolled back"),
      outcome: new Promise<void>((_resolve, reject) => (fail = reject)),
    });
    const read = cache.settled(KEY, 3);
    fail(new Error("connection lost"));
    expect(await read).toBeUndefined();
    expect(cache.get(KEY, 3)).toBeUndefined();
    expect(cache.get(KEY, 2)?.title).toBe("Before");
  });

  it("keeps a later revision when an earlier commit settles after it", async () => {
    const cache = new LatestStateCache(4);
    const later = stateTitled("Later");
    cache.set(KEY, 5, later);
    cache.committingRevision(KEY, {
      revision: 4,
      state: stateTitled("Earlier"),
      outcome: Promise.resolve(),
    });
    expect((await cache.settled(KEY, 4))?.title).toBe("Earlier");
    expect(cache.get(KEY, 5)).toBe(later);
  });
});
