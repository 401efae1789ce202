/**
 * The revision history of editor projects in memory. The latest state lives in the
 * video record; each kept revision is its entry with the engine's forward and inverse
 * patches, so a past revision is the latest state with the inverse patches of the
 * revisions after it applied, newest first. Changes of one project run one at a time
 * (a promise chain per project), since a change awaits the revisions it reads.
 *
 * @module
 */
import { applyEditorPatches } from "../editor/patches.js";
import type { EditorState } from "../editor/state.js";
import type { VideoRecord } from "../ports/records.js";
import {
  type EditorRevisionStore,
  oldestKeptEntry,
  oldestKeptRevision,
  type RevisionEntry,
  resolveRevisionsKept,
} from "../ports/revisions.js";
import type { ScopedRecordStore } from "../ports/stores.js";

/** Settings of the in-memory revision history. */
export interface MemoryRevisionOptions {
  /** Revisions kept per project; `EDITOR_REVISIONS_KEPT_DEFAULT` (100) by default. */
  readonly revisionsKept?: number;
}

interface History {
  // Ascending and contiguous: entries[i].revision === entries[0].revision + i.
  entries: RevisionEntry[];
  undoStack: readonly number[];
  redoStack: readonly number[];
}

type EditorVideo = VideoRecord & { readonly editor: EditorState };

function isEditorVideo(video: VideoRecord | undefined): video is EditorVideo {
  return video !== undefined && video.editor !== null;
}

function entryOf(history: History, revision: number): RevisionEntry | undefined {
  const first = history.entries[0]?.revision;
  return first === undefined ? undefined : history.entries[revision - first];
}

/**
 * The revision methods of a video store whose records live in `records`, an in-memory
 * store of the same process.
 */
export function createMemoryEditorRevisions(
  records: ScopedRecordStore<VideoRecord, number>,
  options: MemoryRevisionOptions = {},
): EditorRevisionStore {
  const revisionsKept = resolveRevisionsKept(options.revisionsKept);
  const histories = new Map<string, History>();
  const turns = new Map<string, Promise<unknown>>();
  const historyOf = (key: string): History => {
    let history = histories.get(key);
    if (history === undefined) {
      history = { entries: [], undoStack: [], redoStack: [] };
      histories.set(key, history);
    }
    return history;
  };
  // One change of a project at a time; the next starts when the last settles.
  const inTurn = <T>(key: string, work: () => Promise<T>): Promise<T> => {
    const run = (turns.get(key) ?? Promise.resolve()).then(work);
    const settled = run.catch(() => undefined);
    turns.set(key, settled);
    void settled.then(() => {
      if (turns.get(key) === settled) turns.delete(key);
    });
    return run;
  };
  return {
    commitRevision(organizationId, videoId, change) {
      const key = `${organizationId}/${videoId}`;
      return inTurn(key, async () => {
        const video = await records.get(organizationId, videoId);
        if (!isEditorVideo(video)) return undefined;
        const history = historyOf(key);
        const decision = await change(
          { ...history, video, historyStart: 0, revisionsKept },
          { entry: async (revision) => entryOf(history, revision) },
        );
        const append = decision.append;
        if (append === undefined) return { value: decision.value, revision: video.version };
        const revision = video.version + 1;
        const next: EditorVideo = {
          ...video,
          title: append.state.title,
          editor: append.state,
          version: revision,
          updatedAt: append.entry.createdAt,
        };
        await records.update(organizationId, videoId, () => next);
        const oldest = oldestKeptEntry(revision, 0, revisionsKept);
        history.entries.push({ ...append.entry, revision });
        const drop = history.entries.findIndex((entry) => entry.revision >= oldest);
        if (drop > 0) history.entries.splice(0, drop);
        history.undoStack = append.undoStack;
        history.redoStack = append.redoStack;
        return { value: decision.value, revision };
      });
    },
    async listRevisions(organizationId, videoId, query) {
      const video = await records.get(organizationId, videoId);
      if (!isEditorVideo(video)) return undefined;
      const history = histories.get(`${organizationId}/${videoId}`);
      const below = query.before ?? Number.POSITIVE_INFINITY;
      const entries: RevisionEntry[] = [];
      const all = history?.entries ?? [];
      for (let index = all.length - 1; index >= 0 && entries.length < query.limit; index -= 1) {
        const entry = all[index] as RevisionEntry;
        if (entry.revision < below) entries.push(entry);
      }
      return { entries, latestRevision: video.version };
    },
    async projectAt(organizationId, videoId, revision) {
      const video = await records.get(organizationId, videoId);
      if (!isEditorVideo(video)) return { kind: "missing" };
      if (revision > video.version) return { kind: "not_yet", latestRevision: video.version };
      const oldest = oldestKeptRevision(video.version, 0, revisionsKept);
      if (revision < oldest) return { kind: "forgotten", oldestRevision: oldest };
      const history = historyOf(`${organizationId}/${videoId}`);
      let state = video.editor;
      for (let at = video.version; at > revision; at -= 1) {
        const entry = entryOf(history, at);
        if (entry === undefined) throw new Error(`Revision ${at} of video ${videoId} is missing.`);
        state = applyEditorPatches(state, entry.inverse);
      }
      const updatedAt = entryOf(history, revision)?.createdAt ?? video.createdAt;
      return {
        kind: "found",
        video: { ...video, title: state.title, editor: state, version: revision, updatedAt },
      };
    },
  };
}
