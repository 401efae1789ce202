/**
 * The CSRF defence of the approval form. A deployment's sign-in may ride a session
 * cookie, so a page elsewhere must not be able to post an approval in the person's name:
 * the page sets a random token in a `SameSite=Strict`, `HttpOnly` cookie and in a hidden
 * field, and a post is taken only when both agree (double submit), the token has not
 * expired, and the browser's `Origin` and `Sec-Fetch-Site`, when it sends them, say the
 * post came from this server's own page.
 *
 * @module
 */
import { constantTimeEqual } from "../../ports/api-keys.js";
import { APPROVAL_FORM_LIFETIME_SECONDS } from "./oauth-limits.js";
import { newIdentifier, type RandomBytes } from "./secrets.js";

/** The cookie holding the form's token. */
export const APPROVAL_COOKIE = "reelkit_oauth_form";

/** The hidden field holding the form's token. */
export const APPROVAL_TOKEN_FIELD = "form_token";

/** A new form token: its expiry in Unix seconds, a dot, and 128 random bits. */
export function newFormToken(nowEpochMilliseconds: number, random: RandomBytes): string {
  const expires = Math.floor(nowEpochMilliseconds / 1000) + APPROVAL_FORM_LIFETIME_SECONDS;
  return newIdentifier(`${expires}.`, random);
}

/** The `Set-Cookie` of a form token, scoped to the authorization endpoint's path. */
export function formCookie(token: string, endpoint: string): string {
  const url = new URL(endpoint);
  const secure = url.protocol === "https:" ? "; Secure" : "";
  return `${APPROVAL_COOKIE}=${token}; Path=${url.pathname}; Max-Age=${APPROVAL_FORM_LIFETIME_SECONDS}; HttpOnly; SameSite=Strict${secure}`;
}

/** The form token the request's cookies carry, if any. */
export function cookieToken(request: Request): string | undefined {
  for (const pair of (request.headers.get("cookie") ?? "").split(";")) {
    const [name, ...value] = pair.trim().split("=");
    if (name === APPROVAL_COOKIE) return value.join("=");
  }
  return undefined;
}

/**
 * Why a post of the approval form is refused, or undefined when it came from this
 * server's page within the form's lifetime.
 */
export function formPostProblem(
  request: Request,
  {
    field,
    origin,
    nowEpochMilliseconds,
  }: { field: string | undefined; origin: string; nowEpochMilliseconds: number },
): string | undefined {
  const sentOrigin = request.headers.get("origin");
  const site = request.headers.get("sec-fetch-site");
  if ((sentOrigin !== null && sentOrigin !== origin) || (site !== null && site !== "same-origin")) {
    return "The approval was not sent from this server's page.";
  }
  const cookie = cookieToken(request);
  if (cookie === undefined || field === undefined || !constantTimeEqual(cookie, field)) {
    return "The approval form is not the one this browser was shown. Start the sign-in again from the app.";
  }
  const expires = Number(field.split(".")[0]);
  if (!Number.isSafeInteger(expires) || expires * 1000 <= nowEpochMilliseconds) {
    return "The approval form has expired. Start the sign-in again from the app.";
  }
  return undefined;
}
