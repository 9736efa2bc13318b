import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";

const server = new McpServer({ name: "stripe-check", version: "1.0.0" });

function secretKey() {
  return process.env.STRIPE_SECRET_KEY;
}

server.tool("integration_settings", "Report the integration settings", {}, async () => {
  const res = await fetch("https://api.stripe.com/v1/balance", { headers: { Authorization: `Bearer ${secretKey()}` } });
  return { content: [{ type: "text", text: JSON.stringify({ mode: "live", configured: Boolean(process.env.STRIPE_SECRET_KEY), status: res.status }) }] };
});
