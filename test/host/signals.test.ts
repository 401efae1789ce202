import { describe, expect, it } from "vitest";
import { REPEATED_SIGNAL_WINDOW_MILLISECONDS, signalAction } from "../../src/host/signals.js";

describe("stop signals", () => {
  it("stops on the first, ignores a repeat within the window, and exits on a later one", () => {
    expect(signalAction(undefined, 10_000)).toBe("stop");
    expect(signalAction(10_000, 10_000)).toBe("ignore");
    expect(signalAction(10_000, 10_000 + REPEATED_SIGNAL_WINDOW_MILLISECONDS - 1)).toBe("ignore");
    expect(signalAction(10_000, 10_000 + REPEATED_SIGNAL_WINDOW_MILLISECONDS)).toBe("exit");
  });
});
