/**
 * The approval page: plain HTML with one style sheet, no script at all, native controls
 * only (so it works with a keyboard and a screen reader as the browser makes them), and
 * a strict Content-Security-Policy. It shows who asks, where the browser goes next, the
 * sign-in field and one checkbox per scope asked for.
 *
 * @module
 */
import { API_SCOPE_DESCRIPTIONS, type ApiScope } from "../../schemas/scopes.js";

/** What the page shows and the hidden fields it posts back. */
export interface ApprovalPageContent {
  /** The service's name. */
  readonly serviceName: string;
  /** The client's registered name, or its id. */
  readonly clientName: string;
  /** Where the browser goes after a decision. */
  readonly redirectUri: string;
  /** The scopes asked for, each a checkbox. */
  readonly scopes: readonly ApiScope[];
  /** The scopes ticked: all asked for at first, the person's choice when shown again. */
  readonly checked: readonly ApiScope[];
  /** Whether to ask for an API key. */
  readonly asksForApiKey: boolean;
  /** Where the form posts, and the style sheet's URL. */
  readonly action: string;
  /** The style sheet's URL. */
  readonly stylesheet: string;
  /** The authorization request's parameters, posted back unchanged. */
  readonly hidden: Readonly<Record<string, string>>;
  /** Why the last attempt was refused, shown as an alert. */
  readonly error?: string;
}

const ESCAPES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Text made safe for HTML content and double-quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

// Where the redirect lands, as a person can judge it: the host, or the app's scheme.
function destinationOf(redirectUri: string): string {
  const url = new URL(redirectUri);
  return url.protocol === "http:" || url.protocol === "https:" ? url.host : `${url.protocol}//`;
}

function scopeBoxes(content: ApprovalPageContent): string {
  return content.scopes
    .map((scope) => {
      const id = `scope-${scope.replace(":", "-")}`;
      const checked = content.checked.includes(scope) ? " checked" : "";
      return `<div class="scope"><input type="checkbox" id="${id}" name="approved_scope" value="${scope}"${checked}><label for="${id}"><code>${scope}</code> ${escapeHtml(API_SCOPE_DESCRIPTIONS[scope])}</label></div>`;
    })
    .join("\n");
}

function apiKeyField(content: ApprovalPageContent): string {
  if (!content.asksForApiKey) return "";
  return `<div class="field"><label for="api_key">API key of the workspace</label>
<input id="api_key" name="api_key" type="password" autocomplete="off" spellcheck="false" required autofocus aria-describedby="api_key_help">
<p id="api_key_help" class="help">You can approve at most the scopes this key holds. The key is checked, not kept, and never shown to the client.</p></div>`;
}

/** The page's HTML. */
export function approvalPageHtml(content: ApprovalPageContent): string {
  const service = escapeHtml(content.serviceName);
  const client = escapeHtml(content.clientName);
  const hidden = Object.entries(content.hidden)
    .map(
      ([name, value]) =>
        `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
    )
    .join("\n");
  const error =
    content.error === undefined
      ? ""
      : `<p class="error" role="alert">${escapeHtml(content.error)}</p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Allow ${client} to use ${service}</title>
<link rel="stylesheet" href="${escapeHtml(content.stylesheet)}">
</head>
<body>
<main>
<h1>Allow <span class="client">${client}</span> to use your ${service} workspace?</h1>
<p>It will act for the workspace you sign in to, with the permissions you tick, until the approval or the key is revoked. Then your browser goes back to <strong>${escapeHtml(destinationOf(content.redirectUri))}</strong>.</p>
${error}
<form method="post" action="${escapeHtml(content.action)}">
${hidden}
${apiKeyField(content)}
<fieldset><legend>Permissions</legend>
${scopeBoxes(content)}
</fieldset>
<div class="actions"><button type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="deny" formnovalidate class="secondary">Deny</button></div>
</form>
</main>
</body>
</html>
`;
}

/** The page's style sheet, served from the same origin so the policy allows it. */
export const APPROVAL_STYLESHEET = `:root { color-scheme: light dark; font-family: system-ui, sans-serif; line-height: 1.5; }
body { margin: 0; display: flex; justify-content: center; padding: 2rem 1rem; }
main { max-width: 34rem; width: 100%; }
h1 { font-size: 1.4rem; }
.client { overflow-wrap: anywhere; }
.field { margin: 1rem 0; }
label { display: block; }
input[type="password"] { width: 100%; box-sizing: border-box; padding: 0.5rem; font: inherit; }
.help { font-size: 0.9rem; margin: 0.25rem 0 0; }
fieldset { margin: 1rem 0; padding: 0.5rem 1rem; }
.scope { display: flex; gap: 0.5rem; align-items: baseline; margin: 0.4rem 0; }
.scope label { display: inline; }
.actions { display: flex; gap: 1rem; }
button { font: inherit; padding: 0.5rem 1.25rem; cursor: pointer; }
:focus-visible { outline: 3px solid #1a73e8; outline-offset: 2px; }
.error { border-left: 4px solid #c5221f; padding: 0.5rem 0.75rem; font-weight: 600; }
`;

/**
 * The page's policy: its own style sheet and nothing else, no script, no framing; the
 * form may post to this server and follow its redirect to the client's redirect URI
 * (browsers apply `form-action` to that redirect too), named by its origin, or by its
 * scheme for a native app's private-use scheme.
 */
export function approvalContentSecurityPolicy(redirectUri: string): string {
  const url = new URL(redirectUri);
  const destination =
    url.protocol === "http:" || url.protocol === "https:" ? url.origin : url.protocol;
  return [
    "default-src 'none'",
    "style-src 'self'",
    `form-action 'self' ${destination}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}
