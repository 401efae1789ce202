import type { MediaRecord } from "reelkit";
import { mediaListSchema } from "reelkit/schemas";
import { describe, expect, it } from "vitest";
import { countingUuid, ORGS } from "../support/harness.js";
import { BYTES, createMediaHarness, inlineBody, KEYS, type MediaHarness } from "./media-support.js";

async function insertVoice(harness: MediaHarness, filename: string): Promise<string> {
  const id = countingUuid();
  const record: MediaRecord = {
    media: {
      id,
      media_type: "voice",
      url: `https://cdn.example.com/${id}.mp3`,
      filename,
      status: "completed",
      metadata: {},
      created_at: "2026-11-22T09:00:00.000Z",
      updated_at: "2026-11-22T09:00:00.000Z",
    },
    organizationId: ORGS.acme,
    objectKey: null,
    searchText: filename.toLowerCase(),
  };
  await harness.deps.stores.media.insert([record]);
  return id;
}

async function seed(harness: MediaHarness) {
  const ids: Record<string, string> = {};
  const add = async (name: string, body: Record<string, unknown>) => {
    const response = await harness.upload(body);
    if (response.status !== 200) throw new Error(JSON.stringify(response.body));
    ids[name] = response.body.media.id;
  };
  await add("logo", inlineBody(BYTES.png, "Brand-Logo.png", "image/png"));
  await add("clip", inlineBody(BYTES.mp4, "city.mp4", "video/mp4", { title: "Rainy Night Drive" }));
  await add("music", inlineBody(BYTES.mp3, "rain-loop.mp3", "audio/mpeg"));
  ids.voice = await insertVoice(harness, "narration.mp3");
  return ids;
}

const idsOf = (body: { media: { id: string }[] }) => body.media.map((item) => item.id);

describe("GET /editor/media", () => {
  it("lists the organization's items newest first", async () => {
    const harness = await createMediaHarness();
    const ids = await seed(harness);
    const response = await harness.list();
    expect(response.status).toBe(200);
    expect(mediaListSchema.safeParse(response.body).success).toBe(true);
    expect(response.body.object).toBe("editor_media_list");
    expect(idsOf(response.body)).toEqual([ids.voice, ids.music, ids.clip, ids.logo]);
  });

  it("filters by media type: audio includes voice, voice is voice only", async () => {
    const harness = await createMediaHarness();
    const ids = await seed(harness);
    expect(idsOf((await harness.list("media_type=image")).body)).toEqual([ids.logo]);
    expect(idsOf((await harness.list("media_type=video")).body)).toEqual([ids.clip]);
    expect(idsOf((await harness.list("media_type=audio")).body)).toEqual([ids.voice, ids.music]);
    expect(idsOf((await harness.list("media_type=voice")).body)).toEqual([ids.voice]);
    const bad = await harness.list("media_type=gif");
    expect(bad.status).toBe(400);
    expect(bad.body.error.context).toMatchObject({ location: "query" });
  });

  it("searches file names and titles case-insensitively, every word", async () => {
    const harness = await createMediaHarness();
    const ids = await seed(harness);
    expect(idsOf((await harness.list("query=LOGO")).body)).toEqual([ids.logo]);
    expect(idsOf((await harness.list("query=rain")).body)).toEqual([ids.music, ids.clip]);
    expect(idsOf((await harness.list("query=night%20RAINY")).body)).toEqual([ids.clip]);
    expect(idsOf((await harness.list("query=rain&media_type=audio")).body)).toEqual([ids.music]);
    expect(idsOf((await harness.list("query=nothing")).body)).toEqual([]);
    expect(idsOf((await harness.list("query=")).body)).toHaveLength(4);
  });

  it("applies limit 1 to 100, default 30", async () => {
    const harness = await createMediaHarness();
    const ids = await seed(harness);
    expect(idsOf((await harness.list("limit=1")).body)).toEqual([ids.voice]);
    for (let index = 0; index < 30; index += 1) await insertVoice(harness, `take-${index}.mp3`);
    expect((await harness.list()).body.media).toHaveLength(30);
    expect((await harness.list("limit=100")).body.media).toHaveLength(34);
    for (const limit of ["0", "101", "abc", "1.5"]) {
      const response = await harness.list(`limit=${limit}`);
      expect(response.status).toBe(400);
      expect(response.body.error.context.fields[0].path).toBe("limit");
    }
  });

  it("shows another organization none of acme's items", async () => {
    const harness = await createMediaHarness();
    await seed(harness);
    const other = await harness.upload(
      inlineBody(BYTES.jpeg, "other.jpg", "image/jpeg"),
      KEYS.other,
    );
    const list = await harness.list("", KEYS.other);
    expect(idsOf(list.body)).toEqual([other.body.media.id]);
    expect(idsOf((await harness.list()).body)).not.toContain(other.body.media.id);
  });
});

describe("authentication and scopes of My Media", () => {
  it("lets read keys list but not upload, and refuses missing, revoked and lapsed keys", async () => {
    const harness = await createMediaHarness();
    const body = inlineBody(BYTES.png, "a.png", "image/png");
    expect((await harness.list("", KEYS.acmeRead)).status).toBe(200);
    expect((await harness.list("", KEYS.acmeWrite)).status).toBe(200);
    const readUpload = await harness.upload(body, KEYS.acmeRead);
    expect(readUpload.status).toBe(403);
    expect(readUpload.body.error.code).toBe("forbidden");
    expect((await harness.list("", KEYS.acmeSocial)).status).toBe(403);
    for (const call of [
      () => harness.list("", KEYS.lapsed),
      () => harness.upload(body, KEYS.lapsed),
    ]) {
      const response = await call();
      expect(response.status).toBe(402);
      expect(response.body.error.code).toBe("payment_required");
    }
    const anonymousList = await harness.call("GET", "/editor/media");
    expect(anonymousList.status).toBe(401);
    expect(anonymousList.body.error.code).toBe("unauthorized");
    const anonymousUpload = await harness.call("POST", "/editor/media", { body });
    expect(anonymousUpload.status).toBe(401);
    expect((await harness.upload(body, KEYS.revoked)).status).toBe(401);
    expect((await harness.list()).body.media).toEqual([]);
    expect(harness.serverErrors).toEqual([]);
  });
});
