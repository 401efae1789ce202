// examples/typed/local-engines.ts
// Not run: needs flite, espeak-ng and pocketsphinx (the reelkit/local suites run them).
import {
  createProjectMediaReader,
  createService,
  type MediaStorage,
  type ServiceDependencies,
  type UrlFetcher,
} from "reelkit";
import {
  checkLocalEngines,
  createLocalSpeechProvider,
  createLocalTranscriptionProvider,
} from "reelkit/local";

declare const deps: ServiceDependencies; // your host's ports and providers
declare const mediaStorage: MediaStorage;
declare const urlFetcher: UrlFetcher;

console.log(await checkLocalEngines()); // which engines are present, with versions
const readMedia = createProjectMediaReader({ mediaStorage, urlFetcher });
const service = createService({
  ...deps,
  speech: createLocalSpeechProvider({ storage: mediaStorage, newId: () => crypto.randomUUID() }),
  transcription: createLocalTranscriptionProvider({ readMedia }),
});

export { service };
