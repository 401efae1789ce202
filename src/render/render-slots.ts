/**
 * The slots of one lane of a renderer: at most `concurrency` renders at once,
 * `runningMaxPerOrganization` of them for any one organization, and at most `queueMax`
 * waiting, `queueMaxPerOrganization` of them from any one organization. An organization
 * at its running cap waits even while a slot is free, so a slot is left for another
 * organization's render to start at once rather than behind a running one.
 * The next free slot goes to the organization with the fewest renders running in the
 * lane; on a tie, the one whose turn came longest ago (never is longest); then the one
 * whose first render has waited longest; within an organization, first come first
 * served. So an organization with nothing running starts next whatever another has
 * queued, and organizations that all wait take turns (the job queue's rule). A waiting
 * render leaves the line when its signal aborts; closing the slots refuses every
 * waiting and later render.
 *
 * @module
 */
import { err, ok, type Result } from "../result.js";

/** Frees a slot; safe to call more than once. */
export type ReleaseSlot = () => void;

/** Why no slot was given. */
export type SlotRefusal = "busy" | "aborted" | "closed";

/** A slot, freed by calling it, or why none was given. */
export type SlotAnswer = Result<ReleaseSlot, SlotRefusal>;

/** The size of a lane. */
export interface SlotLimits {
  /** Renders run at once; a positive integer. */
  readonly concurrency: number;
  /** Renders that may wait, over every organization. */
  readonly queueMax: number;
  /** Renders of one organization that may wait. */
  readonly queueMaxPerOrganization: number;
  /**
   * Renders of one organization that may run at once; `concurrency` when not given. A
   * positive integer.
   */
  readonly runningMaxPerOrganization?: number;
}

/** Who asks for a slot, and what makes them stop waiting. */
export interface SlotRequest {
  /** The organization the render is for; requests without one share a line. */
  readonly organization: number | undefined;
  /** Aborts the wait. */
  readonly signal?: AbortSignal | undefined;
}

interface Waiter {
  readonly sequence: number;
  readonly settle: (answer: SlotAnswer) => void;
}

interface Line {
  readonly waiting: Waiter[];
  running: number;
  // When this organization last got a slot (a counter, 0 for never).
  lastTurn: number;
}

function isBefore(line: Line, best: Line): boolean {
  if (line.running !== best.running) return line.running < best.running;
  if (line.lastTurn !== best.lastTurn) return line.lastTurn < best.lastTurn;
  return (line.waiting[0]?.sequence ?? 0) < (best.waiting[0]?.sequence ?? 0);
}

/** Counts running renders per organization and queues the rest, fairly. */
export class RenderSlots {
  readonly #limits: SlotLimits;
  readonly #runningMax: number;
  // Lines of the organizations with renders running or waiting; idle ones are forgotten.
  readonly #lines = new Map<number | undefined, Line>();
  #running = 0;
  #waitingCount = 0;
  #sequence = 0;
  #turn = 0;
  #closed = false;

  /** Slots of a lane of the given size. */
  constructor(limits: SlotLimits) {
    const { concurrency } = limits;
    if (!Number.isInteger(concurrency) || concurrency < 1) {
      throw new RangeError(`concurrency must be a positive integer, got ${concurrency}.`);
    }
    const runningMax = limits.runningMaxPerOrganization ?? concurrency;
    if (!Number.isInteger(runningMax) || runningMax < 1) {
      throw new RangeError(
        `runningMaxPerOrganization must be a positive integer, got ${runningMax}.`,
      );
    }
    this.#limits = limits;
    this.#runningMax = runningMax;
  }

  /** Renders running now. */
  get runningCount(): number {
    return this.#running;
  }

  /** Renders waiting now. */
  get waitingCount(): number {
    return this.#waitingCount;
  }

  /** A slot once one is free, or why none will be given. */
  acquire({ organization, signal }: SlotRequest): Promise<SlotAnswer> {
    if (this.#closed) return Promise.resolve(err("closed"));
    if (signal?.aborted) return Promise.resolve(err("aborted"));
    const line = this.#lineOf(organization);
    // A freed slot goes at once to a waiting render that may run, so one is free here only
    // while nobody who may take it waits.
    if (this.#running < this.#limits.concurrency && line.running < this.#runningMax) {
      return Promise.resolve(ok(this.#take(organization, line)));
    }
    if (
      this.#waitingCount >= this.#limits.queueMax ||
      line.waiting.length >= this.#limits.queueMaxPerOrganization
    ) {
      this.#forgetIfIdle(organization, line);
      return Promise.resolve(err("busy"));
    }
    return new Promise((resolve) => {
      const onAbort = () => {
        const index = line.waiting.indexOf(waiter);
        if (index < 0) return;
        line.waiting.splice(index, 1);
        this.#waitingCount -= 1;
        this.#forgetIfIdle(organization, line);
        resolve(err("aborted"));
      };
      this.#sequence += 1;
      const waiter: Waiter = {
        sequence: this.#sequence,
        settle: (answer) => {
          signal?.removeEventListener("abort", onAbort);
          resolve(answer);
        },
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      line.waiting.push(waiter);
      this.#waitingCount += 1;
    });
  }

  /** Refuses every waiting render and every later one with `closed`; running ones go on. */
  close(): void {
    this.#closed = true;
    for (const [organization, line] of this.#lines) {
      for (const waiter of line.waiting.splice(0)) {
        this.#waitingCount -= 1;
        waiter.settle(err("closed"));
      }
      this.#forgetIfIdle(organization, line);
    }
  }

  #lineOf(organization: number | undefined): Line {
    let line = this.#lines.get(organization);
    if (line === undefined) {
      line = { waiting: [], running: 0, lastTurn: 0 };
      this.#lines.set(organization, line);
    }
    return line;
  }

  #forgetIfIdle(organization: number | undefined, line: Line): void {
    if (line.running === 0 && line.waiting.length === 0) this.#lines.delete(organization);
  }

  #take(organization: number | undefined, line: Line): ReleaseSlot {
    this.#running += 1;
    line.running += 1;
    this.#turn += 1;
    line.lastTurn = this.#turn;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#running -= 1;
      line.running -= 1;
      this.#forgetIfIdle(organization, line);
      this.#grantNext();
    };
  }

  // Gives the freed slot to the line that comes first, if any waits.
  #grantNext(): void {
    let best: [number | undefined, Line] | undefined;
    if (this.#running >= this.#limits.concurrency) return;
    for (const entry of this.#lines) {
      if (entry[1].waiting.length === 0 || entry[1].running >= this.#runningMax) continue;
      if (best === undefined || isBefore(entry[1], best[1])) best = entry;
    }
    if (best === undefined) return;
    const [organization, line] = best;
    const waiter = line.waiting.shift();
    if (waiter === undefined) return;
    this.#waitingCount -= 1;
    waiter.settle(ok(this.#take(organization, line)));
  }
}
