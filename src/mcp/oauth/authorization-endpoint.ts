/**
 * The authorization endpoint: `GET` checks the client's request and shows the approval
 * page; `POST` is the page's form, which signs the person in, checks the scopes they
 * ticked against what the client asked for and what they may approve, and sends the
 * browser back to the client with a single-use code (or `access_denied`).
 *
 * @module
 */

import type { OAuthGrant } from "../../ports/oauth-store.js";
import { API_SCOPES, type ApiScope } from "../../schemas/scopes.js";
import {
  APPROVAL_TOKEN_FIELD,
  formCookie,
  formPostProblem,
  newFormToken,
} from "./approval-form.js";
import {
  APPROVAL_STYLESHEET,
  type ApprovalPageContent,
  approvalContentSecurityPolicy,
  approvalPageHtml,
  escapeHtml,
} from "./approval-page.js";
import {
  type AuthorizationRequest,
  checkAuthorizationRequest,
  redirectWith,
} from "./authorization-request.js";
import type { OAuthError } from "./oauth-errors.js";
import { formParameters, type OAuthParameters, singleParameters } from "./oauth-http.js";
import { AUTHORIZATION_CODE_LIFETIME_SECONDS, OAUTH_MAX_API_KEY_LENGTH } from "./oauth-limits.js";
import { digestOf, newIdentifier, newSecret } from "./secrets.js";
import type { AuthorizationServerSettings } from "./server-settings.js";
import type { SignedIn } from "./workspace-sign-in.js";

const APPROVED_SCOPE_FIELD = "approved_scope";

const PAGE_HEADERS: Readonly<Record<string, string>> = {
  "content-type": "text/html; charset=utf-8",
  "cache-control": "no-store",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  // Not no-referrer: with it browsers send the form post's Origin as "null", and the
  // check that the post came from this page needs the real one. Other origins, the
  // client's redirect included, still get no Referer.
  "referrer-policy": "same-origin",
};

function htmlResponse(
  status: number,
  html: string,
  headers: Readonly<Record<string, string>>,
): Response {
  return new Response(html, { status, headers: { ...PAGE_HEADERS, ...headers } });
}

/** A page for a request that cannot go back to the client: the error, and nothing to post. */
function errorPage(
  status: number,
  error: OAuthError,
  settings: AuthorizationServerSettings,
): Response {
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign-in cannot continue</title><link rel="stylesheet" href="${escapeHtml(settings.endpoints.stylesheet)}"></head>
<body><main><h1>Sign-in cannot continue</h1>
<p class="error" role="alert">${escapeHtml(error.description)} (${error.code})</p>
<p>Start the sign-in again from the app you were using.</p></main></body>
</html>
`;
  const policy =
    "default-src 'none'; style-src 'self'; form-action 'none'; base-uri 'none'; frame-ancestors 'none'";
  return htmlResponse(status, html, { "content-security-policy": policy });
}

/** The 303 that sends the browser back to the client after the form was posted. */
function backToClient(
  redirectUri: string,
  parameters: Record<string, string | undefined>,
  issuer: string,
) {
  return new Response(null, {
    status: 303,
    headers: {
      location: redirectWith(redirectUri, { ...parameters, iss: issuer }),
      "cache-control": "no-store",
    },
  });
}

function hiddenFields(request: AuthorizationRequest, formToken: string): Record<string, string> {
  return {
    response_type: "code",
    client_id: request.client.clientId,
    redirect_uri: request.redirectUri,
    code_challenge: request.codeChallenge,
    code_challenge_method: "S256",
    scope: request.scopes.join(" "),
    resource: request.resource,
    ...(request.state === undefined ? {} : { state: request.state }),
    [APPROVAL_TOKEN_FIELD]: formToken,
  };
}

interface PageState {
  readonly request: AuthorizationRequest;
  readonly formToken: string;
  readonly checked: readonly ApiScope[];
  readonly error?: string;
}

function approvalPage(
  status: number,
  state: PageState,
  settings: AuthorizationServerSettings,
): Response {
  const { request } = state;
  const content: ApprovalPageContent = {
    serviceName: settings.serviceName,
    clientName: request.client.metadata.client_name ?? request.client.clientId,
    redirectUri: request.redirectUri,
    scopes: request.scopes,
    checked: state.checked,
    asksForApiKey: settings.signIn.asksForApiKey,
    action: settings.endpoints.authorize,
    stylesheet: settings.endpoints.stylesheet,
    hidden: hiddenFields(request, state.formToken),
    ...(state.error === undefined ? {} : { error: state.error }),
  };
  return htmlResponse(status, approvalPageHtml(content), {
    "content-security-policy": approvalContentSecurityPolicy(request.redirectUri),
    "set-cookie": formCookie(state.formToken, settings.endpoints.authorize),
  });
}

async function checked(params: OAuthParameters, settings: AuthorizationServerSettings) {
  return checkAuthorizationRequest(params, { store: settings.store, resource: settings.resource });
}

/** Answers `GET <issuer>/oauth/authorize`: the approval page, or the request's error. */
export async function showApproval(
  request: Request,
  settings: AuthorizationServerSettings,
): Promise<Response> {
  const params = singleParameters(new URL(request.url).searchParams);
  if (!params.ok) return errorPage(400, params.error, settings);
  const outcome = await checked(params.value, settings);
  if (outcome.kind === "unsafe") return errorPage(400, outcome.error, settings);
  if (outcome.kind === "redirect") {
    const { redirectUri, state, error } = outcome;
    const location = redirectWith(redirectUri, {
      error: error.code,
      error_description: error.description,
      state,
      iss: settings.issuer,
    });
    return new Response(null, { status: 302, headers: { location, "cache-control": "no-store" } });
  }
  const formToken = newFormToken(settings.clock.now(), settings.randomBytes);
  const state = { request: outcome.request, formToken, checked: outcome.request.scopes };
  return approvalPage(200, state, settings);
}

/** Why the ticked scopes cannot be approved, or undefined. */
function scopeProblem(
  ticked: readonly ApiScope[],
  request: AuthorizationRequest,
  signedIn: SignedIn,
) {
  const notAsked = ticked.filter((scope) => !request.scopes.includes(scope));
  if (notAsked.length > 0) return `The app did not ask for ${notAsked.join(", ")}.`;
  const beyond = ticked.filter((scope) => !signedIn.scopes.includes(scope));
  if (beyond.length > 0) {
    return `This key does not hold ${beyond.join(", ")}: untick it, or sign in with a key that does.`;
  }
  return undefined;
}

async function issueCode(
  request: AuthorizationRequest,
  approval: { signedIn: SignedIn; scopes: readonly ApiScope[] },
  settings: AuthorizationServerSettings,
): Promise<string> {
  const { clock, randomBytes, store } = settings;
  const now = clock.now();
  const grant: OAuthGrant = {
    grantId: newIdentifier("grant_", randomBytes),
    clientId: request.client.clientId,
    organizationId: approval.signedIn.organizationId,
    scopes: approval.scopes,
    resource: request.resource,
    apiKeyHash: approval.signedIn.apiKeyHash,
    subject: approval.signedIn.subject,
    createdAtEpochMilliseconds: now,
    revoked: false,
  };
  const code = newSecret("authorizationCode", randomBytes);
  await store.saveAuthorizationCode({
    codeHash: await digestOf(code),
    grant,
    redirectUri: request.redirectUri,
    codeChallenge: request.codeChallenge,
    expiresAtEpochMilliseconds: now + AUTHORIZATION_CODE_LIFETIME_SECONDS * 1000,
  });
  return code;
}

function tickedScopes(form: URLSearchParams): ApiScope[] | undefined {
  const values = form.getAll(APPROVED_SCOPE_FIELD);
  if (values.some((value) => !API_SCOPES.includes(value as ApiScope))) return undefined;
  return API_SCOPES.filter((scope) => values.includes(scope));
}

/** Answers the approval form's `POST <issuer>/oauth/authorize`. */
export async function submitApproval(
  request: Request,
  settings: AuthorizationServerSettings,
): Promise<Response> {
  const form = await formParameters(request, [APPROVED_SCOPE_FIELD]);
  if (!form.single.ok) return errorPage(400, form.single.error, settings);
  const params = form.single.value;
  const formToken = params.get(APPROVAL_TOKEN_FIELD);
  const forged = formPostProblem(request, {
    field: formToken,
    origin: settings.origin,
    nowEpochMilliseconds: settings.clock.now(),
  });
  if (forged !== undefined || formToken === undefined) {
    return errorPage(
      403,
      { code: "access_denied", description: forged ?? "The form has no token." },
      settings,
    );
  }
  const outcome = await checked(params, settings);
  if (outcome.kind === "unsafe") return errorPage(400, outcome.error, settings);
  if (outcome.kind === "redirect") {
    const { redirectUri, state, error } = outcome;
    return backToClient(
      redirectUri,
      { error: error.code, error_description: error.description, state },
      settings.issuer,
    );
  }
  const authorization = outcome.request;
  const { redirectUri, state } = authorization;
  if (params.get("decision") !== "approve") {
    const denied = {
      error: "access_denied",
      error_description: "The person denied the request.",
      state,
    };
    return backToClient(redirectUri, denied, settings.issuer);
  }
  const ticked = tickedScopes(form.all);
  const page = (status: number, error: string) =>
    approvalPage(
      status,
      { request: authorization, formToken, checked: ticked ?? [], error },
      settings,
    );
  if (ticked === undefined) return page(400, "A ticked permission is not one of the four scopes.");
  if (ticked.length === 0) return page(400, "Tick at least one permission, or deny.");
  const apiKey = params.get("api_key");
  if (apiKey !== undefined && apiKey.length > OAUTH_MAX_API_KEY_LENGTH) {
    return page(400, "That is not an API key.");
  }
  const signedIn = await settings.signIn.signIn({ request, apiKey });
  if (!signedIn.ok) return page(401, signedIn.error);
  const problem = scopeProblem(ticked, authorization, signedIn.value);
  if (problem !== undefined) return page(403, problem);
  const code = await issueCode(
    authorization,
    { signedIn: signedIn.value, scopes: ticked },
    settings,
  );
  return backToClient(redirectUri, { code, state }, settings.issuer);
}

/** Answers `GET <issuer>/oauth/approval.css`. */
export function stylesheetResponse(): Response {
  return new Response(APPROVAL_STYLESHEET, {
    status: 200,
    headers: {
      "content-type": "text/css; charset=utf-8",
      "cache-control": "no-cache",
      "x-content-type-options": "nosniff",
    },
  });
}
