// typosquat (rules/typosquat.ts): which slips count, and which near names stay quiet.

import { describe, expect, it } from 'vitest';
import { slip, typosquatOf } from '../rules/typosquat.js';

describe('typosquat', () => {
  it.each([
    ['webbapp-testing', 'webapp-testing'],
    ['reqeusts-helper', 'requests'],
    ['json-parsre', 'parser'],
    ['confg-validator', 'config'],
    ['claw-diagnotsics', 'diagnostics'],
    ['claw-validater', 'validator'],
  ])('%s imitates %s', (name, known) => {
    expect(typosquatOf(name)?.known).toBe(known);
  });

  it.each(['webapp-testing', 'requests-helper', 'json-parsers', 'react-reach', 'pdf', 'pdfs', 'config-helper', 'parser'])('%s stays quiet', (name) => {
    expect(typosquatOf(name)).toBeNull();
  });

  it('counts only swaps, doubled letters, drops from long words and vowel slips in long words', () => {
    expect(slip('reqeusts', 'requests')).toMatch(/swapped/);
    expect(slip('webbapp', 'webapp')).toMatch(/doubled/);
    expect(slip('parsers', 'parser')).toBeNull();
    expect(slip('reach', 'react')).toBeNull();
    expect(slip('slak', 'slack')).toBeNull();
  });
});

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
