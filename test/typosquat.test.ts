// MCP server package typosquats (rules/mcp-server.ts mcpTyposquat). The skill-name cases of typosquat are in
// rules/typosquat.test.ts.

import { describe, expect, it } from 'vitest';

describe('MCP server packages (mcp-server rule, src/wellknown.ts lists)', () => {
  it('catches a scope or a name one slip from a well-known MCP package', async () => {
    const { mcpTyposquat } = await import('../rules/mcp-server.js');
    expect(mcpTyposquat('@modelcontextprotcol/server-memory')?.known).toBe('@modelcontextprotocol');
    expect(mcpTyposquat('@anthropc/mcp-fs')?.known).toBe('@anthropic');
    expect(mcpTyposquat('@modelcontextprotocol/server-memry')?.known).toBe('server-memory');
    expect(mcpTyposquat('mcp-server-fecth==0.6.2')?.known).toBe('mcp-server-fetch');
  });
  it('stays quiet on the real packages, versions and unrelated names', async () => {
    const { mcpTyposquat } = await import('../rules/mcp-server.js');
    for (const p of ['@modelcontextprotocol/server-memory@2025.4.25', '@playwright/mcp@latest', 'mcp-server-fetch', '@upstash/context7-mcp', '@acme/billing-mcp', 'server-memories', '@googlemaps/code-assist-mcp']) {
      expect(mcpTyposquat(p)).toBeNull();
    }
  });
});
