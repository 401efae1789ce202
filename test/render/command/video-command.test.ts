import { planContactSheet, type RenderPlan } from "reelkit/editor";
import {
  type CommandSettings,
  commandFileText,
  contactSheetCommand,
  type FfmpegCommand,
  FILTER_GRAPH_INLINE_MAX_LENGTH,
  frameCommand,
  inputsRead,
  videoCommand,
} from "reelkit/render";
import { PREVIEW_FRAMES_MAX } from "reelkit/schemas";
import { describe, expect, it } from "vitest";
import {
  asset,
  audio,
  gif,
  image,
  solid,
  stateOf,
  text,
  video,
} from "../../editor/support/fixtures.js";
import { planned } from "../support/plans.js";

const FONT = { family: "DejaVu Sans", sizePerEm: 1.164, directory: null };

function settings(rendered: RenderPlan, withAudio: string[] = []): CommandSettings {
  return {
    inputFiles: new Map(rendered.inputs.map((input, index) => [input.id, `input-${index}`])),
    inputsWithAudio: new Set(withAudio),
    font: FONT,
  };
}

function graphOf(command: FfmpegCommand): string {
  const index = command.args.indexOf("-filter_complex");
  return command.args[index + 1] ?? "";
}

// The options a command gives before `-i file`, up to the safety options every input has.
function inputOptions(command: FfmpegCommand, file: string): string[] {
  const args = [...command.args];
  const at = args.findIndex((arg, index) => arg === file && args[index - 1] === "-i");
  const previous = args.lastIndexOf("-i", at - 2);
  const start = previous < 0 ? args.indexOf("-nostats") + 1 : previous + 2;
  const options = args.slice(start, at - 1);
  return options.slice(0, options.indexOf("-protocol_whitelist"));
}

// A 1080 x 1920 timeline at 30 fps, 4 s: a clip at the back, an image over it, a text
// in front, music under it all.
const state = stateOf(
  [
    {
      id: "front",
      items: [text({ id: "title", from: 0, durationInFrames: 60 }, { text: "Hi {there}" })],
    },
    {
      id: "middle",
      items: [
        image(
          { id: "logo", from: 30, durationInFrames: 60 },
          { left: 100, top: 200, width: 400, height: 300, opacity: 0.5 },
        ),
      ],
    },
    {
      id: "back",
      items: [
        video(
          { id: "clip", from: 0, durationInFrames: 120 },
          { sourceStartSeconds: 2, playbackRate: 2 },
        ),
      ],
    },
    {
      id: "music",
      items: [
        audio(
          { id: "song", from: 15, durationInFrames: 90 },
          { volumeDb: -6, audioFadeInSeconds: 1, audioFadeOutSeconds: 0.5, playbackRate: 0.25 },
        ),
      ],
    },
  ],
  {
    assets: [
      asset("video-asset", "video"),
      asset("image-asset", "image"),
      asset("music-asset", "audio"),
    ],
  },
);

describe("videoCommand", () => {
  const rendered = planned(state, { width: 540 });
  const command = videoCommand(rendered, settings(rendered, ["video-asset"]));
  const graph = graphOf(command);

  it("reads every input once per use, seeked before -i and kept to local files", () => {
    expect(command.inputIds).toEqual(["video-asset", "image-asset", "music-asset"]);
    // The clip: 2 s in, read 4 s of screen at double speed (8 s) plus preroll and tail.
    expect(inputOptions(command, "input-0").slice(0, 4)).toEqual(["-ss", "1.75", "-t", "8.35"]);
    expect(command.args).toContain("-protocol_whitelist");
    expect(command.args.filter((arg) => arg === "-i")).toHaveLength(4);
    expect(command.args.filter((arg) => arg === "file")).toHaveLength(4);
  });

  it("takes a clip covering the frame for the whole output as the canvas, then paints back to front", () => {
    expect(graph).not.toContain("color=");
    expect(graph).toMatch(/\[layer\d+\]format=yuv420p\[canvas\d+\]/);
    const clip = graph.indexOf("[0:v]");
    const logo = graph.indexOf("[1:v]");
    const title = graph.indexOf("ass=filename=layers-0.ass");
    expect(clip).toBeGreaterThanOrEqual(0);
    expect(logo).toBeGreaterThan(clip);
    expect(title).toBeGreaterThan(logo);
    expect(graph.match(/overlay=/g)).toHaveLength(1);
  });

  it("cuts a covering clip that bleeds past the frame to the frame", () => {
    const bleeding = stateOf([
      {
        id: "t",
        items: [
          video(
            { id: "wide", from: 0, durationInFrames: 30 },
            { left: -108, top: -192, width: 1296, height: 2304 },
          ),
        ],
      },
    ]);
    const wide = planned(bleeding, { width: 540 });
    // The box is 648 x 1152 at (-54, -96): the frame starts 54 and 96 pixels into it.
    expect(graphOf(videoCommand(wide, settings(wide)))).toMatch(
      /\[layer\d+\]crop=540:960:54:96,format=yuv420p\[canvas\d+\]/,
    );
  });

  it("paints on a canvas of the background colour, of exactly the plan's frames, otherwise", () => {
    const pictures = stateOf([
      { id: "t", items: [image({ id: "still", from: 0, durationInFrames: 45 }, { width: 540 })] },
    ]);
    const stills = planned(pictures, { width: 540, backgroundColor: "#102030" });
    const stillGraph = graphOf(videoCommand(stills, settings(stills)));
    expect(stillGraph).toContain(
      "color=c=0x102030:s=540x960:r=30:d=1.483333,format=yuv420p[canvas1]",
    );
    expect(stillGraph).toContain("[canvas1][layer2]overlay=");
  });

  it("retimes a clip to its trim and rate, one frame per output frame over its window", () => {
    // Frames from the preroll are stamped at the layer's first instant; each frame is
    // stamped a hair early, so rounding up onto the output grid cannot skip one.
    expect(graph).toContain(
      "[0:v]settb=AVTB,setpts='max((PTS-0.25/TB)/2+0/TB,0/TB)-0.0001/TB',fps=fps=30:round=up,tpad=stop_mode=clone:stop=-1,trim=end_pts=120",
    );
    expect(graph).toContain(
      "scale=w=540:h=960:force_original_aspect_ratio=increase:flags=bilinear,crop=540:960",
    );
  });

  it("fits a still once, then repeats it over its window at its opacity, in its box", () => {
    expect(graph).toContain(
      "[1:v]trim=end_frame=1,settb=AVTB,setpts=0,scale=w=200:h=150:force_original_aspect_ratio=increase:flags=bilinear,crop=200:150,format=pix_fmts=yuv420p|yuva420p,loop=loop=59:size=1:start=0,settb=1/30,setpts=30+N,format=yuva420p,lut=a='val*0.5'",
    );
    expect(graph).toMatch(/overlay=x='150-w\/2':y='175-h\/2':eof_action=pass:format=yuv420/);
  });

  it("mixes each sound at its level, rate and fades over silence lasting the output", () => {
    expect(graph).toContain("anullsrc=r=48000:cl=stereo,atrim=duration=4[silence");
    expect(graph).toContain(
      "atempo=0.5,atempo=0.5,volume=-6dB,afade=t=in:st=0:d=1,afade=t=out:st=2.5:d=0.5,atrim=start=0:end=3,asetpts=PTS-STARTPTS,adelay=delays=24000S:all=1",
    );
    expect(graph).toMatch(
      /amix=inputs=3:duration=first:dropout_transition=0:normalize=0,atrim=duration=4/,
    );
    // The music at a quarter speed reads 3 s of screen: 0.75 s of source.
    expect(inputOptions(command, "input-2")).toEqual(["-t", "0.85", "-vn"]);
  });

  it("reads a sound cut by the range from its item's start, so its fades keep their place", () => {
    // From 2 s: the music (0.5 s to 3.5 s) is 1.5 s in, and plays from the range's start.
    const late = planned(state, { width: 540, fromSeconds: 2 });
    const lateGraph = graphOf(videoCommand(late, settings(late)));
    expect(lateGraph).toContain(
      "afade=t=in:st=0:d=1,afade=t=out:st=2.5:d=0.5,atrim=start=1.5:end=3,asetpts=PTS-STARTPTS[sound",
    );
    expect(lateGraph).toContain("anullsrc=r=48000:cl=stereo,atrim=duration=2[silence");
  });

  it("encodes H.264 4:2:0 with AAC, fast start, at the plan's frame rate", () => {
    const output = command.args.slice(command.args.indexOf("-map"));
    expect(output.join(" ")).toMatch(
      /^-map \[drawn\d+\] -map \[mix\d+\] -c:v libx264 -preset ultrafast -crf 23 -pix_fmt yuv420p -r 30 -c:a aac -b:a 160k -ac 2 -movflags \+faststart video\.mp4$/,
    );
    expect([command.outputFile, command.frameCount, command.durationSeconds]).toEqual([
      "video.mp4",
      120,
      4,
    ]);
  });

  it("leaves out a clip's sound when its file has none, and bounds the output size", () => {
    const silent = videoCommand(rendered, { ...settings(rendered), outputMaxBytes: 1000 });
    expect(graphOf(silent)).toContain("amix=inputs=2");
    expect(silent.args.slice(-3)).toEqual(["-fs", "1000", "video.mp4"]);
  });

  it("writes the text layers as an ASS file next to the inputs", () => {
    expect(command.files.map((file) => file.name)).toEqual(["layers-0.ass"]);
    expect(command.files.map(commandFileText)[0]).toContain("\\{there\\}");
  });
});

describe("frameCommand", () => {
  const rendered = planned(state, { atSeconds: 1.5, width: 270 });
  const command = frameCommand(rendered, settings(rendered));

  it("reads the pictures only and writes one PNG composed in 4:4:4", () => {
    expect(inputsRead(rendered, "frame").map((input) => input.id)).toEqual([
      "video-asset",
      "image-asset",
    ]);
    expect(command.inputIds).toEqual(["video-asset", "image-asset"]);
    const graph = graphOf(command);
    // The frame at 1.5 s is stamped at 1.5 s (frame 45), the graph's clock, then from zero.
    expect(graph).toContain("+1.5/TB,1.5/TB)-0.0001/TB',fps=fps=30:round=up");
    expect(graph).toContain("trim=end_pts=46");
    expect(graph).toMatch(/setpts=PTS-STARTPTS\[picture\d+\]$/);
    expect(graph).toContain("format=yuv444");
    expect(graph).not.toContain("anullsrc");
    expect(command.args.slice(-11).join(" ")).toMatch(
      /^-map \[picture\d+\] -frames:v 1 -c:v png -pix_fmt rgb24 -update 1 frame\.png$/,
    );
    expect(command.outputFile).toBe("frame.png");
  });

  it("decodes each input on one thread, and seeks the clip to the source frame on screen at that instant", () => {
    // 1.5 s into the clip at double speed, after a 2 s trim: source 5 s, less the preroll.
    expect(inputOptions(command, "input-0").slice(0, 4)).toEqual(["-threads", "1", "-ss", "4.75"]);
    expect(inputOptions(command, "input-1").slice(0, 2)).toEqual(["-threads", "1"]);
  });
});

describe("contactSheetCommand", () => {
  const rendered = planned(state);

  it("composes each frame in its cell of the sheet", () => {
    const planned = planContactSheet(state, { atSeconds: [0, 1, 2], width: 100, columns: 2 });
    if (!planned.ok) throw new Error(planned.error.message);
    const sheet = planned.value;
    expect([sheet.columns, sheet.rows, sheet.width, sheet.height]).toEqual([2, 2, 200, 356]);
    const command = contactSheetCommand(sheet, settings(rendered));
    const graph = graphOf(command);
    expect(graph.match(/format=yuv444p\[canvas\d+\]/g)).toHaveLength(3);
    expect(graph).toMatch(/xstack=inputs=3:layout=0_0\|100_0\|0_178:fill=black/);
    expect(command.outputFile).toBe("sheet.png");
  });

  it("reads a picture once however many cells and items show it", () => {
    const pictures = stateOf(
      [
        { id: "front", items: [image({ id: "small", from: 0, durationInFrames: 60 })] },
        { id: "back", items: [image({ id: "large", from: 0, durationInFrames: 60 })] },
      ],
      { assets: [asset("image-asset", "image")] },
    );
    const files = settings(planned(pictures));
    const instants = Array.from({ length: PREVIEW_FRAMES_MAX }, (_, index) => index / 10);
    for (const count of [1, 2, PREVIEW_FRAMES_MAX]) {
      const sheet = planContactSheet(pictures, { atSeconds: instants.slice(0, count) });
      if (!sheet.ok) throw new Error(sheet.error.message);
      const command = contactSheetCommand(sheet.value, files);
      expect(command.args.filter((arg) => arg === "-i")).toHaveLength(1);
      expect(graphOf(command).match(/\[0:v\]/g)).toHaveLength(2 * count);
    }
  });

  it("refuses sheets of no frame or too many, and too many columns", () => {
    expect(planContactSheet(state, { atSeconds: [] })).toMatchObject({
      ok: false,
      error: { code: "invalid_contact_sheet" },
    });
    expect(
      planContactSheet(state, { atSeconds: Array.from({ length: 17 }, () => 0) }),
    ).toMatchObject({ ok: false });
    expect(planContactSheet(state, { atSeconds: [0], columns: 9 })).toMatchObject({ ok: false });
    expect(planContactSheet(state, { atSeconds: [9] })).toMatchObject({
      ok: false,
      error: { code: "invalid_time_range" },
    });
  });
});

describe("long filter graphs", () => {
  it("go into a script file once past the inline limit", () => {
    const items = Array.from({ length: 50 }, (_, index) =>
      solid({ id: `s${index}`, from: index, durationInFrames: 1 }),
    );
    const clips = Array.from({ length: 400 }, (_, index) =>
      gif({ id: `g${index}`, from: index, durationInFrames: 1 }),
    );
    const many = stateOf(
      [{ id: "a", items }, ...clips.map((clip, index) => ({ id: `gifs${index}`, items: [clip] }))],
      { assets: [asset("gif-asset", "gif")] },
    );
    const rendered = planned(many);
    const command = videoCommand(rendered, settings(rendered));
    expect(command.args).not.toContain("-filter_complex");
    const index = command.args.indexOf("-filter_complex_script");
    const file = command.files.find((entry) => entry.name === command.args[index + 1]);
    expect(file === undefined ? 0 : commandFileText(file).length).toBeGreaterThan(
      FILTER_GRAPH_INLINE_MAX_LENGTH,
    );
  });
});
