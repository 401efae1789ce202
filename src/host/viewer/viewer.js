// The reelkit timeline viewer: a client of the public REST API under /v1, like any other.
// It keeps the API key in this tab's session storage, with what it watches and exported;
// the open project is in the address (`#/videos/{id}`), so a reload or a shared link
// opens it again.

const API = "/v1";
const KEY_STORAGE = "reelkit.viewer.apiKey";
const WATCHED_STORAGE = "reelkit.viewer.watchedGenerations";
const EXPORTS_STORAGE = "reelkit.viewer.exportRevisions";
const PROJECT_LINK = /^#\/videos\/(\d+)$/;
const WORKSPACE_POLL_MILLISECONDS = 3000;
const EXPORT_POLL_MILLISECONDS = 1000;
const FRAME_DEBOUNCE_MILLISECONDS = 200;
const FRAME_WIDTH_PIXELS = 480;
const PROJECT_LIST_LIMIT = 20;
const HISTORY_LIMIT = 20;
const WATCHED_MAX = 10;
const EXPORTS_REMEMBERED_MAX = 20;
const LABEL_MAX_CHARACTERS = 40;
const CAPTION_LABEL_WORDS = 6;
const RUNNING_STATUSES = ["queued", "generating"];
const TYPE_LABELS = {
  video: "Video",
  image: "Image",
  gif: "GIF",
  audio: "Audio",
  text: "Text",
  captions: "Captions",
  solid: "Solid",
};

const view = {
  project: undefined,
  exported: undefined,
  selectedItemId: undefined,
  playheadSeconds: 0,
  pollTimer: undefined,
  exportTimer: undefined,
  frameTimer: undefined,
  frameRequest: undefined,
  frameUrl: undefined,
};

const byId = (id) => document.getElementById(id);

/** An element with attributes and children (strings become text, never HTML). */
function element(tag, attributes = {}, children = []) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    if (name === "className") node.className = value;
    else if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children) {
    node.append(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return node;
}

class ApiError extends Error {
  constructor(status, body) {
    const error = body?.error;
    super(error?.message ?? `The API answered HTTP ${status}.`);
    this.status = status;
    this.code = error?.code;
  }
}

function apiKey() {
  return sessionStorage.getItem(KEY_STORAGE);
}

/** Calls the API; answers the parsed JSON, or the response itself when `raw` is set. */
async function api(method, path, options = {}) {
  const headers = { authorization: `Bearer ${options.key ?? apiKey()}`, ...options.headers };
  let body;
  if (options.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.body);
  }
  const response = await fetch(`${API}${path}`, {
    method,
    headers,
    body,
    signal: options.signal,
  });
  if (!response.ok) {
    const text = await response.text();
    let parsed;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    throw new ApiError(response.status, parsed);
  }
  return options.raw ? response : response.json();
}

function showError(error) {
  const box = byId("error");
  if (error === undefined) {
    box.hidden = true;
    box.textContent = "";
    return;
  }
  const message = error instanceof Error ? error.message : String(error);
  const code = error instanceof ApiError && error.code !== undefined ? ` (${error.code})` : "";
  box.textContent = `${message}${code}`;
  box.hidden = false;
}

/** Runs what a person asked for: the last error goes away, a new one shows. */
function userAction(action) {
  showError(undefined);
  return guarded(action);
}

/** Runs an action, showing its failure with the API's message instead of throwing. */
async function guarded(action) {
  try {
    await action();
    return true;
  } catch (error) {
    if (error?.name === "AbortError") return false;
    showError(error);
    return false;
  }
}

function seconds(value) {
  return `${value.toFixed(2)} s`;
}

function framesToSeconds(frames, fps) {
  return frames / fps;
}

// --- Sign in -----------------------------------------------------------------------------

async function signIn(key) {
  await api("GET", "/credits", { key });
  sessionStorage.setItem(KEY_STORAGE, key);
  enterWorkspace();
}

function enterWorkspace() {
  showError(undefined);
  byId("sign-in").hidden = true;
  byId("workspace").hidden = false;
  byId("sign-out").hidden = false;
  refreshWorkspace();
  openLinkedProject();
}

// The address stays as it is, so signing in again (with a new key) reopens the project.
function signOut() {
  sessionStorage.removeItem(KEY_STORAGE);
  sessionStorage.removeItem(WATCHED_STORAGE);
  sessionStorage.removeItem(EXPORTS_STORAGE);
  clearTimeout(view.pollTimer);
  clearTimeout(view.exportTimer);
  view.project = undefined;
  view.exported = undefined;
  byId("workspace").hidden = true;
  byId("project").hidden = true;
  byId("sign-out").hidden = true;
  byId("sign-in").hidden = false;
  byId("api-key").value = "";
  byId("api-key").focus();
}

// --- Workspace ---------------------------------------------------------------------------

function watchedGenerations() {
  try {
    const parsed = JSON.parse(sessionStorage.getItem(WATCHED_STORAGE) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((id) => typeof id === "string") : [];
  } catch {
    return [];
  }
}

function watchGeneration(id) {
  const ids = [id, ...watchedGenerations().filter((known) => known !== id)].slice(0, WATCHED_MAX);
  sessionStorage.setItem(WATCHED_STORAGE, JSON.stringify(ids));
}

async function refreshWorkspace() {
  clearTimeout(view.pollTimer);
  if (apiKey() === null) return;
  await guarded(async () => {
    let credits;
    let projects;
    try {
      [credits, projects] = await Promise.all([
        api("GET", "/credits"),
        api("GET", `/editor/videos?limit=${PROJECT_LIST_LIMIT}`),
      ]);
    } catch (error) {
      // A key that stopped working (revoked, expired, a restarted host) signs the page out.
      if (error instanceof ApiError && error.status === 401) signOut();
      throw error;
    }
    byId("credits").textContent =
      `${credits.available} available · ${credits.pending} pending · ${credits.posted} posted`;
    renderProjects(projects.videos);
    await renderRecent(projects.videos);
    const open = projects.videos.find((video) => video.id === view.project?.id);
    if (open !== undefined && open.revision !== view.project.revision) await openProject(open.id);
  });
  if (apiKey() !== null) {
    view.pollTimer = setTimeout(refreshWorkspace, WORKSPACE_POLL_MILLISECONDS);
  }
}

function renderProjects(videos) {
  const list = byId("projects");
  list.replaceChildren(
    ...videos.map((video) =>
      element("li", {}, [
        element(
          "button",
          {
            type: "button",
            className: "link-button",
            "data-project-id": video.id,
            "aria-current": video.id === view.project?.id ? "true" : undefined,
            onclick: () => userAction(() => openProject(video.id, { focus: true })),
          },
          [`${video.title || "Untitled"} (#${video.id})`],
        ),
        element("span", { className: "meta" }, [
          ` ${seconds(video.editor_summary.totalDurationSeconds)} · revision ${video.revision}`,
        ]),
      ]),
    ),
  );
  if (videos.length === 0) list.append(element("li", { className: "hint" }, ["No projects yet."]));
}

function statusBadge(status) {
  return element("span", { className: `status status--${status}` }, [status]);
}

async function renderRecent(projects) {
  const generationIds = watchedGenerations();
  const [generations, videos] = await Promise.all([
    Promise.all(generationIds.map((id) => readOrError(`/generations/${encodeURIComponent(id)}`))),
    Promise.all(projects.map((project) => readOrError(`/videos/${project.id}`))),
  ]);
  const rows = [
    ...generations.map((generation, index) =>
      recentRow(`Generation ${generationIds[index]}`, generation),
    ),
    ...videos.map((video, index) => recentRow(`Video #${projects[index].id}`, video)),
  ];
  byId("recent").replaceChildren(...rows);
}

async function readOrError(path) {
  try {
    return await api("GET", path);
  } catch (error) {
    return { status: "unreadable", message: error.message };
  }
}

function recentRow(name, record) {
  const parts = [`${name} `, statusBadge(record.status)];
  if (record.type !== undefined) parts.push(` ${record.type}`);
  if (typeof record.url === "string") {
    parts.push(
      " ",
      element("a", { href: record.url, target: "_blank", rel: "noopener" }, ["file"]),
    );
  }
  const failure = record.error?.message ?? record.message;
  if (failure !== undefined) parts.push(element("span", { className: "meta" }, [` ${failure}`]));
  return element("li", {}, parts);
}

// --- Project and timeline ----------------------------------------------------------------

function projectLink(id) {
  return `#/videos/${id}`;
}

function linkedProjectId() {
  const match = PROJECT_LINK.exec(location.hash);
  return match === null ? undefined : Number(match[1]);
}

/** Opens the project the address names, when signed in and it is not open already. */
function openLinkedProject() {
  const id = linkedProjectId();
  if (id === undefined || id === view.project?.id || apiKey() === null) return;
  userAction(() => openProject(id));
}

async function openProject(id, options = {}) {
  const response = await api("GET", `/editor/videos/${id}`, { raw: true });
  const body = await response.json();
  const changed = view.project?.id !== id;
  view.project = { ...body.video, etag: response.headers.get("etag") };
  // The address names the open project (without a new history entry), so a reload or a
  // copied link opens it again; the key never goes in it.
  const link = projectLink(id);
  if (location.hash !== link) history.replaceState(null, "", link);
  byId("project-link").setAttribute("href", link);
  if (changed) {
    view.selectedItemId = undefined;
    view.playheadSeconds = 0;
    resetExport();
  }
  renderProject();
  if (changed) await followExport(id, { quiet: true });
  await renderHistory();
  if (options.focus) byId("project-heading").focus();
}

function totalFrames(editor) {
  let end = 0;
  for (const item of Object.values(editor.items)) {
    end = Math.max(end, item.from + item.durationInFrames);
  }
  return end;
}

function renderProject() {
  const project = view.project;
  const editor = project.editor;
  byId("project").hidden = false;
  byId("project-heading").textContent = project.title || "Untitled";
  byId("project-meta").textContent =
    `#${project.id} · revision ${project.revision} · ${editor.compositionWidth}×${editor.compositionHeight} · ${editor.fps} fps · ${editor.tracks.length} tracks`;
  for (const button of byId("projects").querySelectorAll("button")) {
    const current = button.dataset.projectId === String(project.id);
    if (current) button.setAttribute("aria-current", "true");
    else button.removeAttribute("aria-current");
  }
  const frames = totalFrames(editor);
  const durationSeconds = framesToSeconds(frames, editor.fps);
  const playhead = byId("playhead");
  const lastFrameSeconds = Math.max(0, framesToSeconds(frames - 1, editor.fps));
  playhead.max = String(lastFrameSeconds);
  playhead.step = String(1 / editor.fps);
  playhead.disabled = frames === 0;
  view.playheadSeconds = Math.min(view.playheadSeconds, lastFrameSeconds);
  playhead.value = String(view.playheadSeconds);
  renderRuler(durationSeconds);
  renderTracks(editor, frames);
  renderItemFields();
  renderExportStatus();
  movePlayhead(view.playheadSeconds, { fetchNow: true });
}

function renderRuler(durationSeconds) {
  const ruler = byId("ruler");
  const step = durationSeconds > 60 ? 10 : durationSeconds > 20 ? 5 : 1;
  const ticks = [];
  for (let at = 0; at <= durationSeconds; at += step) {
    const tick = element("span", { className: "tick" }, [`${at}s`]);
    tick.style.left = `${durationSeconds === 0 ? 0 : (at / durationSeconds) * 100}%`;
    ticks.push(tick);
  }
  ruler.replaceChildren(...ticks);
}

/** `text` on one line, cut to a label's length. */
function shortText(text) {
  const line = text.replace(/\s+/g, " ").trim();
  if (line.length <= LABEL_MAX_CHARACTERS) return line;
  return `${line.slice(0, LABEL_MAX_CHARACTERS - 1).trimEnd()}…`;
}

/** The last segment of a URL's path, as a person reads a file name. */
function fileNameOf(url) {
  try {
    const segments = new URL(url, location.href).pathname.split("/");
    return decodeURIComponent(segments.at(-1) ?? "");
  } catch {
    return "";
  }
}

function captionWords(item) {
  const words = (item.captions ?? []).flatMap((entry) => entry.text.split(/\s+/));
  const shown = words.filter((word) => word !== "").slice(0, CAPTION_LABEL_WORDS);
  return shown.length < words.length ? `${shown.join(" ")} …` : shown.join(" ");
}

/**
 * What an item shows or plays, in a few words: a text's text, its first caption words, a
 * media item's file name (or the asset's name), a solid's colour. Never the item's id.
 */
function itemName(item) {
  if (item.type === "text") return shortText(item.text ?? "");
  if (item.type === "captions") return shortText(captionWords(item));
  if (item.type === "solid") return shortText(item.style?.color ?? "");
  const asset = view.project?.editor.assets[item.assetId];
  return shortText(asset?.name || fileNameOf(asset?.url ?? "") || "");
}

/** The type, then what the item shows: `Text “Cold brew”`. */
function itemLabel(item) {
  const type = TYPE_LABELS[item.type] ?? item.type;
  const name = itemName(item);
  return name === "" ? type : `${type} “${name}”`;
}

function renderTracks(editor, frames) {
  const rows = editor.tracks.map((track, index) => {
    const lane = element("div", { className: "lane" });
    for (const itemId of track.items) {
      const item = editor.items[itemId];
      if (item !== undefined) lane.append(itemButton(item, editor.fps, frames));
    }
    return element("div", { className: "track", "data-track-id": track.id, role: "group" }, [
      element("div", { className: "track-label" }, [`Track ${index + 1} · ${track.kind}`]),
      lane,
    ]);
  });
  if (rows.length === 0) rows.push(element("p", { className: "hint" }, ["The timeline is empty."]));
  byId("tracks").replaceChildren(...rows);
}

function itemButton(item, fps, frames) {
  const label = TYPE_LABELS[item.type] ?? item.type;
  const name = itemName(item);
  const fromSeconds = framesToSeconds(item.from, fps);
  const toSeconds = framesToSeconds(item.from + item.durationInFrames, fps);
  const button = element(
    "button",
    {
      type: "button",
      className: `item item--${item.type}`,
      "data-item-id": item.id,
      "data-item-type": item.type,
      "aria-pressed": item.id === view.selectedItemId ? "true" : "false",
      "aria-label": `${itemLabel(item)}, ${seconds(fromSeconds)} to ${seconds(toSeconds)}`,
      title: itemLabel(item),
      onclick: () => selectItem(item.id),
    },
    [
      element("span", { className: "item-type" }, [label]),
      " ",
      element("span", { className: "item-name" }, [name]),
    ],
  );
  button.style.left = `${(item.from / frames) * 100}%`;
  button.style.width = `${(item.durationInFrames / frames) * 100}%`;
  return button;
}

function selectItem(id) {
  view.selectedItemId = id;
  for (const button of byId("tracks").querySelectorAll(".item")) {
    button.setAttribute("aria-pressed", button.dataset.itemId === id ? "true" : "false");
  }
  renderItemFields();
  byId("item-heading").focus();
}

function fieldValue(value) {
  if (value === null) return "none";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

function renderItemFields() {
  const item = view.project?.editor.items[view.selectedItemId];
  const list = byId("item-fields");
  byId("item-empty").hidden = item !== undefined;
  if (item === undefined) {
    byId("item-heading").textContent = "Item";
    list.replaceChildren();
    return;
  }
  const fps = view.project.editor.fps;
  const name = itemName(item);
  const type = TYPE_LABELS[item.type] ?? item.type;
  byId("item-heading").textContent = name === "" ? type : `${type}: ${name}`;
  const derived = {
    from_seconds: framesToSeconds(item.from, fps),
    duration_seconds: framesToSeconds(item.durationInFrames, fps),
  };
  list.replaceChildren(
    ...Object.entries({ ...item, ...derived }).flatMap(([name, value]) => [
      element("dt", {}, [name]),
      element("dd", {}, [fieldValue(value)]),
    ]),
  );
}

// --- Playhead and frame preview ----------------------------------------------------------

function movePlayhead(atSeconds, options = {}) {
  view.playheadSeconds = atSeconds;
  const editor = view.project.editor;
  const frames = totalFrames(editor);
  const durationSeconds = framesToSeconds(frames, editor.fps);
  const line = byId("playhead-line");
  line.hidden = frames === 0;
  const ratio = durationSeconds === 0 ? 0 : atSeconds / durationSeconds;
  // The lanes start after the track labels; the line spans ruler and lanes.
  line.style.left = `calc(var(--label-width) + (100% - var(--label-width)) * ${ratio})`;
  byId("playhead-time").textContent = seconds(atSeconds);
  clearTimeout(view.frameTimer);
  if (frames === 0) {
    showFrame(undefined, "Nothing to preview: the timeline is empty.");
    return;
  }
  view.frameTimer = setTimeout(loadFrame, options.fetchNow ? 0 : FRAME_DEBOUNCE_MILLISECONDS);
}

async function loadFrame() {
  view.frameRequest?.abort();
  const request = new AbortController();
  view.frameRequest = request;
  const { id, revision } = view.project;
  const atSeconds = view.playheadSeconds;
  byId("frame-status").textContent = `Rendering the frame at ${seconds(atSeconds)}…`;
  const ok = await guarded(async () => {
    const response = await api(
      "GET",
      `/editor/videos/${id}/frame?at_seconds=${atSeconds.toFixed(3)}&width=${FRAME_WIDTH_PIXELS}`,
      { raw: true, signal: request.signal },
    );
    const blob = await response.blob();
    if (view.frameRequest !== request) return;
    showFrame(blob, `Revision ${revision} at ${seconds(atSeconds)}`);
  });
  if (!ok && view.frameRequest === request) byId("frame-status").textContent = "No frame.";
}

function showFrame(blob, caption) {
  const image = byId("frame");
  if (view.frameUrl !== undefined) URL.revokeObjectURL(view.frameUrl);
  view.frameUrl = blob === undefined ? undefined : URL.createObjectURL(blob);
  image.hidden = blob === undefined;
  if (view.frameUrl !== undefined) {
    image.src = view.frameUrl;
    image.alt = `Frame preview: ${caption}`;
    image.dataset.atSeconds = String(view.playheadSeconds);
  } else {
    image.removeAttribute("src");
  }
  byId("frame-status").textContent = caption;
}

// --- History, undo and redo --------------------------------------------------------------

/**
 * The revision whose content an undo or redo left the project with. An undo reverts the
 * change made by its target (the latest change not yet reverted), so the project holds
 * again what it held just before that change: the content of the revision before the
 * target. A redo makes the target's change again: the target's content.
 */
function restoredRevision(revision) {
  const target = revision.target_revision;
  if (target === null) return undefined;
  return revision.actor === "undo" ? target - 1 : target;
}

function historyRow(revision) {
  const restored = restoredRevision(revision);
  const what =
    restored === undefined
      ? revision.operation_types.join(", ") || "no operations"
      : `${revision.actor === "undo" ? "reverted" : "made again"} revision ${revision.target_revision}: the content of revision ${restored}`;
  const parts = [
    element("strong", {}, [`Revision ${revision.revision}`]),
    ` · ${revision.actor} · ${what}`,
  ];
  if (revision.instructions) {
    parts.push(element("span", { className: "meta" }, [` “${revision.instructions}”`]));
  }
  return element("li", { "data-revision": revision.revision, "data-restores": restored }, parts);
}

async function renderHistory() {
  const { id } = view.project;
  const history = await api("GET", `/editor/videos/${id}/revisions?limit=${HISTORY_LIMIT}`);
  if (view.project?.id !== id) return;
  const rows = history.revisions.map(historyRow);
  // The list starts after creation; name revision 0 once the whole history is shown.
  if (history.next_cursor === null) {
    rows.push(
      element("li", { "data-revision": 0 }, [element("strong", {}, ["Revision 0"]), " · created"]),
    );
  }
  byId("history").replaceChildren(...rows);
}

async function revisionAction(action) {
  const { id, etag } = view.project;
  // If-Match: an undo decided on what this page shows is refused if the project moved on.
  const headers = etag === null ? {} : { "if-match": etag };
  await api("POST", `/editor/videos/${id}/${action}`, { headers });
  await openProject(id);
}

// --- Export ------------------------------------------------------------------------------

function exportRevisions() {
  try {
    const parsed = JSON.parse(sessionStorage.getItem(EXPORTS_STORAGE) ?? "{}");
    return parsed !== null && typeof parsed === "object" && !Array.isArray(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

// The revision the page asked to export, by project, so it can say later whether the
// project moved past the file (the video record may not say which revision it rendered).
function rememberExportRevision(id, revision) {
  const kept = Object.entries(exportRevisions()).filter(([known]) => known !== String(id));
  const entries = [[String(id), revision], ...kept].slice(0, EXPORTS_REMEMBERED_MAX);
  sessionStorage.setItem(EXPORTS_STORAGE, JSON.stringify(Object.fromEntries(entries)));
}

/** The revision a video record's export rendered: the record's word, else what was asked. */
function exportedRevision(id, video) {
  if (Number.isInteger(video.export_revision)) return video.export_revision;
  const asked = exportRevisions()[String(id)];
  return Number.isInteger(asked) ? asked : undefined;
}

function resetExport() {
  clearTimeout(view.exportTimer);
  view.exported = undefined;
  const status = byId("export-status");
  status.textContent = "";
  status.classList.remove("stale");
  byId("export-progress").hidden = true;
  const video = byId("export-video");
  video.hidden = true;
  video.removeAttribute("src");
  video.load();
}

async function startExport(resolution) {
  const { id, revision } = view.project;
  resetExport();
  // An export renders the project as it stands when asked: the revision this page shows.
  rememberExportRevision(id, revision);
  const started = await api("POST", `/editor/videos/${id}/export`, {
    body: { resolution },
    headers: { "idempotency-key": crypto.randomUUID() },
  });
  const cost = started.reused ? "reused, no charge" : `${started.credits_deducted} credits`;
  byId("export-status").textContent = `Export of revision ${revision} ${started.status} (${cost}).`;
  await followExport(id);
}

/**
 * Follows the project's latest export until it leaves queued and generating, then shows
 * the file with the revision it rendered. `quiet` (a project just opened) shows nothing
 * for a project never exported, and a failed export only as its status.
 */
async function followExport(id, options = {}) {
  if (view.project?.id !== id) return;
  const video = await api("GET", `/videos/${id}`);
  if (view.project?.id !== id) return;
  const progress = byId("export-progress");
  const revision = exportedRevision(id, video);
  const which = revision === undefined ? "Export" : `Export of revision ${revision}`;
  if (RUNNING_STATUSES.includes(video.status)) {
    progress.hidden = false;
    byId("export-status").textContent = `${which} ${video.status}…`;
    view.exportTimer = setTimeout(() => guarded(() => followExport(id)), EXPORT_POLL_MILLISECONDS);
    return;
  }
  progress.hidden = true;
  if (video.status === "completed" && typeof video.url === "string") {
    view.exported = { id, revision };
    renderExportStatus();
    const player = byId("export-video");
    if (player.getAttribute("src") !== video.url) player.src = video.url;
    player.hidden = false;
    return;
  }
  if (options.quiet && video.status === "ready") return;
  byId("export-status").textContent = `${which} ${video.status}.`;
  if (video.error && !options.quiet) showError(new Error(video.error.message));
}

/** Says which revision the export on screen rendered, and whether the project moved on. */
function renderExportStatus() {
  const exported = view.exported;
  if (exported === undefined || exported.id !== view.project?.id) return;
  const status = byId("export-status");
  const current = view.project.revision;
  const stale = exported.revision !== undefined && exported.revision < current;
  status.classList.toggle("stale", stale);
  if (exported.revision === undefined) {
    status.textContent = `Export completed, of a revision this page did not see (the project is at revision ${current}).`;
  } else if (stale) {
    status.textContent = `Export of revision ${exported.revision} completed. The project has moved on to revision ${current} since: export again for the current timeline.`;
  } else {
    status.textContent = `Export of revision ${exported.revision} completed: the current timeline.`;
  }
}

// --- Wiring ------------------------------------------------------------------------------

function wire() {
  byId("sign-in-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const key = byId("api-key").value.trim();
    userAction(() => signIn(key));
  });
  byId("sign-out").addEventListener("click", signOut);
  byId("watch-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const input = byId("watch-id");
    watchGeneration(input.value.trim());
    input.value = "";
    refreshWorkspace();
  });
  byId("playhead").addEventListener("input", (event) => {
    movePlayhead(Number(event.target.value));
  });
  byId("playhead").addEventListener("keydown", (event) => {
    if (event.key !== "PageUp" && event.key !== "PageDown") return;
    event.preventDefault();
    const playhead = byId("playhead");
    const step = event.key === "PageUp" ? 1 : -1;
    const next = Math.min(Number(playhead.max), Math.max(0, view.playheadSeconds + step));
    playhead.value = String(next);
    movePlayhead(Number(playhead.value));
  });
  byId("ruler").addEventListener("click", (event) => scrubFromPointer(event));
  byId("undo").addEventListener("click", () => userAction(() => revisionAction("undo")));
  byId("redo").addEventListener("click", () => userAction(() => revisionAction("redo")));
  window.addEventListener("hashchange", openLinkedProject);
  byId("export-form").addEventListener("submit", (event) => {
    event.preventDefault();
    userAction(() => startExport(byId("export-resolution").value));
  });
  if (apiKey() !== null) enterWorkspace();
}

function scrubFromPointer(event) {
  if (view.project === undefined) return;
  const playhead = byId("playhead");
  const box = event.currentTarget.getBoundingClientRect();
  const ratio = Math.min(1, Math.max(0, (event.clientX - box.left) / box.width));
  playhead.value = String(ratio * Number(playhead.max));
  movePlayhead(Number(playhead.value));
}

wire();
