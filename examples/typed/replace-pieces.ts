// examples/typed/replace-pieces.ts
// Not run: needs a PostgreSQL database and providers of your own.
import type pg from "pg";
import {
  createService,
  type MediaProber,
  type MediaStorage,
  type SpeechProvider,
  type TranscriptionProvider,
  type WorkProvider,
} from "reelkit";
import { createMemoryPorts, type MemoryPortsOptions } from "reelkit/memory";
import { createNodeUrlFetcher } from "reelkit/node";
import { createPostgresPorts } from "reelkit/postgres";
import { createSimulatedProviders } from "reelkit/simulated";

declare const pool: pg.Pool;
declare const organizations: MemoryPortsOptions["organizations"];
declare const mediaStorage: MediaStorage;
declare const myGenerationProvider: WorkProvider;
declare const mySpeechProvider: SpeechProvider;
declare const myTranscriptionProvider: TranscriptionProvider;
declare const mediaProber: MediaProber;

const service = createService({
  ...createMemoryPorts({ organizations }),
  ...createSimulatedProviders({ mediaStorage }),
  ...createPostgresPorts(pool), // stores on PostgreSQL (reelkit/postgres)
  provider: myGenerationProvider, // real generation work
  speech: mySpeechProvider,
  transcription: myTranscriptionProvider,
  mediaStorage, // object storage
  urlFetcher: createNodeUrlFetcher(), // imports by URL (reelkit/node)
  mediaProber, // probes every import: createFfprobeMediaProber (reelkit/local)
});

export { service };
