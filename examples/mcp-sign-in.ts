// examples/mcp-sign-in.ts
import assert from "node:assert/strict";
import { createService } from "reelkit";
import {
  apiKeySignIn,
  createAuthorizationServer,
  createMcpHandler,
  createMemoryOAuthStore,
  withAccessTokens,
} from "reelkit/mcp";
import { createMemoryPorts } from "reelkit/memory";
import { createSimulatedProviders } from "reelkit/simulated";

const ports = createMemoryPorts({ origin: "https://api.example.com" });
const deps = { ...ports, ...createSimulatedProviders(ports) };

const issuer = "https://api.example.com";
const resource = `${issuer}/mcp`;
const store = createMemoryOAuthStore(); // or createPostgresOAuthStore(pool) of reelkit/postgres
const oauth = createAuthorizationServer({
  issuer,
  resource,
  store,
  // The approval page asks for an API key of the workspace; implement WorkspaceSignIn
  // to sign people in with your own login instead.
  signIn: apiKeySignIn({ accounts: deps.accounts, clock: deps.clock }),
});
const mcpService = createService({
  ...deps,
  accounts: withAccessTokens(deps.accounts, { store, resource }),
});
const mcp = createMcpHandler(mcpService, { resourceUrl: resource, authorizationServers: [issuer] });
// Route oauth.paths (the metadata, /oauth/authorize, token, register, revoke and the
// page's style sheet) to oauth.handle, and /mcp with its metadata to mcp.

const metadataPath = "/.well-known/oauth-authorization-server";
assert.ok(oauth.paths.includes(metadataPath));
const metadata = await (await oauth.handle(new Request(`${issuer}${metadataPath}`))).json();
assert.equal(metadata.issuer, issuer);
const unsigned = await mcp(new Request(resource, { method: "POST", body: "{}" }));
assert.equal(unsigned.status, 401); // with a pointer to the metadata, so clients sign in
