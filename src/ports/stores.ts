/**
 * The resource store ports. Each store is scoped by organization: a lookup with another
 * organization's id finds nothing, which is how spec 1.4 ("reported as not found") holds
 * by construction. The unit of work makes store calls commit together or not at all: a
 * paid request runs its credit hold, its records, its queued job and its stored
 * idempotent response as one unit, so a failure at any step leaves no charge and no job
 * behind. PostgreSQL stores provide it as a database transaction; stores without one
 * leave it out, and the service then runs the steps one after another.
 *
 * @module
 */
import type { OrganizationId } from "../organization-id.js";
import type {
  GenerationRecord,
  MediaRecord,
  ReferenceRecord,
  SlideshowRecord,
  VideoRecord,
} from "./records.js";
import type { EditorRevisionStore } from "./revisions.js";

/** How to list records. */
export interface ListQuery<Row, Id extends string | number = string | number> {
  /** Most records to return. */
  readonly limit: number;
  /**
   * Keeps only matching records. Stores may apply it after reading the organization's
   * records newest first, so it must be pure.
   */
  readonly filter?: (row: Row) => boolean;
  /**
   * Continues the list after the organization's record with this id (the last one of the
   * previous page), in the same newest-first order; when the organization has no record
   * with this id, the list is empty.
   */
  readonly after?: Id;
}

/**
 * A change to one record, run atomically against the current value: the store holds the
 * record (a lock or a version check) while `change` runs and writes what it returns.
 * Returning the same object writes nothing. `change` must be pure and synchronous, since
 * a store may run it again after a conflict.
 */
export type RecordChange<Row> = (current: Row) => Row;

/** Records of one kind, keyed by id within an organization. */
export interface ScopedRecordStore<Row, Id extends string | number> {
  /** Adds new records; all or none. Throws when an id is taken. */
  insert(rows: readonly Row[]): Promise<void>;
  /** The record, or undefined when missing or owned by another organization. */
  get(organizationId: OrganizationId, id: Id): Promise<Row | undefined>;
  /** Records of the organization, newest first. */
  list(organizationId: OrganizationId, query: ListQuery<Row, Id>): Promise<readonly Row[]>;
  /** Changes a record atomically; undefined when it is missing. */
  update(
    organizationId: OrganizationId,
    id: Id,
    change: RecordChange<Row>,
  ): Promise<Row | undefined>;
}

/**
 * Video records, including editor projects, with integer ids the store allocates per
 * organization: each organization's videos are numbered 1, 2, 3 and so on, so an id
 * tells one organization nothing about how many videos another makes, and the same id
 * in two organizations names two videos. An editor project's timeline changes only through
 * `commitRevision`, which keeps its history; `update` is for the other kinds of video.
 */
export interface VideoStore extends ScopedRecordStore<VideoRecord, number>, EditorRevisionStore {
  /** Allocates the organization's next video id; no stored video of it has that id. */
  nextId(organizationId: OrganizationId): Promise<number>;
}

/** Every resource store the service needs. */
export interface ResourceStores {
  /** Generations by uuid. */
  readonly generations: ScopedRecordStore<GenerationRecord, string>;
  /** Slideshows by uuid. */
  readonly slideshows: ScopedRecordStore<SlideshowRecord, string>;
  /** Videos and editor projects by integer id. */
  readonly videos: VideoStore;
  /** Reference inspirations by uuid. */
  readonly references: ScopedRecordStore<ReferenceRecord, string>;
  /** My Media items by uuid. */
  readonly media: ScopedRecordStore<MediaRecord, string>;
}

/** Runs work whose store calls commit together. */
export interface UnitOfWork {
  /**
   * Runs `work` as one unit. It may run `work` again after a transient conflict, so
   * effects outside the stores must be safe to repeat.
   */
  run<T>(work: () => Promise<T>): Promise<T>;
}
