/**
 * The approval page in a real browser: a person signs in with the keyboard alone, the
 * page breaks no rule of its policy, a scope beyond the key is refused in an alert, and
 * the approval sends the browser back to the client with a code the client exchanges.
 */
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { sha256 } from "@noble/hashes/sha2";
import { type Browser, launch } from "puppeteer-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { parseFixtureText } from "../../src/host/fixture.js";
import { setupOf } from "../../src/host/host-setup.js";
import { type RunningHost, startHost } from "../../src/host/start-host.js";
import { encodeBase64Url } from "../../src/media/base64.js";
import { describeNeeding } from "../support/describe-needing.js";
import { CHROMIUM_PATH, chromiumMissing } from "./support/browser.js";

const KEY = "rk_test_oauth_browser_key";
const CALLBACK = "http://127.0.0.1:33420/callback";
const VERIFIER = "the-browser-test-verifier-that-is-long-enough-0123456789";
const SCREENSHOTS = fileURLToPath(new URL("../../test-output/oauth/", import.meta.url));

function setup() {
  const fixture = {
    organizations: [
      { id: 3, name: "Acme", credits: 100, api_keys: [{ key: KEY, scopes: ["generations:read"] }] },
    ],
  };
  const parsed = parseFixtureText(JSON.stringify(fixture), "test");
  if (!parsed.ok) throw new Error(parsed.error.join("\n"));
  return setupOf(parsed.value);
}

describeNeeding(
  "the approval page in Chromium",
  [{ part: "Chromium", missing: chromiumMissing() }],
  () => {
    let host: RunningHost;
    let browser: Browser;
    beforeAll(async () => {
      await mkdir(SCREENSHOTS, { recursive: true });
      host = await startHost({ port: 0, host: "127.0.0.1", setup: setup() });
      browser = await launch({
        executablePath: CHROMIUM_PATH,
        headless: true,
        args: ["--no-sandbox"],
      });
    });
    afterAll(async () => {
      await browser?.close();
      await host?.stop();
    });

    it("signs in with the keyboard, refuses a scope beyond the key, and returns a code", async () => {
      const registered = await fetch(`${host.origin}/oauth/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          redirect_uris: [CALLBACK],
          token_endpoint_auth_method: "none",
          client_name: "Browser agent",
        }),
      });
      const client = await registered.json();
      const challenge = encodeBase64Url(sha256(new TextEncoder().encode(VERIFIER)));
      const query = new URLSearchParams({
        response_type: "code",
        client_id: client.client_id,
        redirect_uri: CALLBACK,
        code_challenge: challenge,
        code_challenge_method: "S256",
        scope: "generations:read social:read",
        state: "browser-state",
        resource: `${host.origin}/mcp`,
      });
      const page = await browser.newPage();
      const problems: string[] = [];
      page.on("console", (message) => {
        // The refused attempt's own 403 is expected; anything else is the page's fault.
        const text = message.text();
        if (message.type() === "error" && !text.includes("status of 403")) problems.push(text);
      });
      // The client's callback: nothing listens there, so the test answers for it.
      let returned: URL | undefined;
      await page.setRequestInterception(true);
      page.on("request", (request) => {
        if (request.url().startsWith(CALLBACK)) {
          returned = new URL(request.url());
          void request.respond({ status: 200, contentType: "text/plain", body: "Signed in." });
        } else void request.continue();
      });
      await page.goto(`${host.origin}/oauth/authorize?${query}`);
      expect(await page.$eval("h1", (heading) => heading.textContent)).toBe(
        "Allow Browser agent to use your reelkit workspace?",
      );
      // The key field has focus from the start; Enter submits with the first button, Approve.
      await page.keyboard.type(KEY);
      await Promise.all([page.waitForNavigation(), page.keyboard.press("Enter")]);
      expect(await page.$eval("[role=alert]", (alert) => alert.textContent)).toContain(
        "This key does not hold social:read",
      );
      await page.screenshot({ path: join(SCREENSHOTS, "approval-refused.png") });
      // Tab past the key field and the first box to social:read, untick it with Space.
      await page.focus("#api_key");
      await page.keyboard.type(KEY);
      await page.keyboard.press("Tab");
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("scope-social-read");
      await page.keyboard.press("Space");
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Approve");
      await Promise.all([page.waitForNavigation(), page.keyboard.press("Enter")]);
      expect(returned?.searchParams.get("state")).toBe("browser-state");
      expect(returned?.searchParams.get("iss")).toBe(host.origin);
      expect(problems).toEqual([]);
      const tokens = await fetch(`${host.origin}/oauth/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "authorization_code",
          code: returned?.searchParams.get("code") ?? "",
          code_verifier: VERIFIER,
          client_id: client.client_id,
        }),
      });
      expect(await tokens.json()).toMatchObject({
        token_type: "Bearer",
        scope: "generations:read",
      });
    });
  },
);
