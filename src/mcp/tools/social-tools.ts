/**
 * Tools for social publishing: the connected accounts and publishing My Media to them.
 *
 * @module
 */
import { agentTool, type McpToolDefinition, REACHES_OUT, READ_ONLY } from "../tool-definition.js";

/** list_social_accounts, publish_media_to_social. */
export const SOCIAL_TOOLS: readonly McpToolDefinition[] = [
  agentTool("listSocialAccounts", {
    name: "list_social_accounts",
    title: "Social accounts",
    description:
      "Lists the connected social accounts: id, platform, username and display name. Pass ids to publish_media_to_social.",
    annotations: READ_ONLY,
  }),
  agentTool("publishMediaToSocial", {
    name: "publish_media_to_social",
    title: "Publish to social accounts",
    description:
      "Queues publishing of a completed My Media image, GIF or video (not audio) to connected social accounts (ids from list_social_accounts); a repeated id is published to once. Returns the queued publication. This posts publicly and each call posts again: confirm with the user first.",
    annotations: REACHES_OUT,
  }),
];
