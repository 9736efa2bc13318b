// One run of a real client against a scripted model on 127.0.0.1. Meant to run inside a fresh network namespace
// (test-hosts/hosts.test.mjs starts it with `unshare -rn`), so the only reachable address is loopback.
//
//   node scenario.mjs <claude|opencode> <client-binary> <enforce: hook|plugin|none> <skillcheck-bin>
//
// The scripted model asks for Bash `rm -rf ~/x` (a folder in the run's temporary HOME), then for a Read of
// notes.txt in the project, then ends. Prints one JSON object: what the mock received, the client's transcript
// (its JSON event output), its exit, and whether ~/x still exists.

import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';

const [client, clientBin, enforce, skillcheckBin] = process.argv.slice(2);
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
// An installed skill (trust: installed → read-only ceiling) that the policy is built from.
const skillDir = path.join(project, 'installed_skills', 'weather');
fs.mkdirSync(skillDir, { recursive: true });
fs.writeFileSync(path.join(skillDir, 'SKILL.md'), '---\nname: weather\ndescription: Weather for a city. Use when asked about the weather.\n---\nRead the forecast file.\n');

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

function anthropic(req, res, body) {
  const hasTools = Array.isArray(body.tools) && body.tools.some((t) => t.name === 'Bash');
  const n = step(body);
  let block;
  let stop = 'end_turn';
  if (hasTools && n === 0) {
    block = { type: 'tool_use', id: 'toolu_bash_1', name: 'Bash', input: { command: BASH_COMMAND, description: 'Delete x' } };
    stop = 'tool_use';
  } else if (hasTools && n === 1) {
    block = { type: 'tool_use', id: 'toolu_read_1', name: 'Read', input: { file_path: path.join(project, 'notes.txt') } };
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
const shim = path.join(root, 'bin');
fs.mkdirSync(shim);
fs.writeFileSync(path.join(shim, 'skillcheck'), `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(skillcheckBin)} "$@"\n`, { mode: 0o755 });

function skillcheck(args) {
  const r = spawnSync(process.execPath, [skillcheckBin, ...args], { cwd: project, encoding: 'utf8', timeout: 60_000 });
  if (r.status !== 0) throw new Error(`skillcheck ${args.join(' ')} failed (${r.status}): ${r.stderr}`);
  return r.stdout;
}

const env = {
  PATH: `${shim}:/usr/local/bin:/usr/bin:/bin`,
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
};

let cmd;
let args;
if (client === 'claude') {
  const settings = { permissions: { allow: ['Bash', 'Read'] } };
  if (enforce === 'hook' || enforce === 'hook-tampered' || enforce === 'hook-unavailable') {
    const tools = 'Bash,Read,Write,Edit,Glob,Grep,WebFetch';
    fs.mkdirSync(path.join(project, '.claude'), { recursive: true });
    const doc = JSON.parse(skillcheck(['policy', '.', '--tools', tools, '--no-config', '--format', 'json']));
    if (enforce === 'hook-tampered') {
      // Someone (a skill with a write tool, say) widens the allowlist after the hook was installed.
      doc.allowedTools = [...doc.allowedTools, 'Bash'].sort();
      doc.deniedTools = doc.deniedTools.filter((t) => t !== 'Bash');
    }
    fs.writeFileSync(path.join(project, '.claude', 'skillcheck-policy.json'), JSON.stringify(doc, null, 2));
    Object.assign(settings, JSON.parse(skillcheck(['policy', '.', '--tools', tools, '--no-config', '--format', 'claude-hooks'])));
  }
  fs.mkdirSync(path.join(project, '.claude'), { recursive: true });
  fs.writeFileSync(path.join(project, '.claude', 'settings.json'), JSON.stringify(settings, null, 2));
  // skillcheck missing from PATH: the hook cannot start, and onFailure "block" must refuse the call anyway.
  if (enforce === 'hook-unavailable') env.PATH = env.PATH.split(':').filter((d) => d !== shim).join(':');
  // The user trusts this project (as after the trust dialog), so its settings, allow rules and hooks apply.
  fs.writeFileSync(path.join(home, '.claude.json'), JSON.stringify({ projects: { [project]: { hasTrustDialogAccepted: true } } }));
  Object.assign(env, {
    ANTHROPIC_BASE_URL: `http://127.0.0.1:${port}`,
    ANTHROPIC_API_KEY: 'sk-ant-dummy-key-for-the-loopback-mock',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_AUTOUPDATER: '1',
    DISABLE_TELEMETRY: '1',
    DISABLE_ERROR_REPORTING: '1',
    CLAUDE_CODE_DISABLE_TERMINAL_TITLE: '1',
  });
  cmd = clientBin;
  // Claude Code's own permission checks are bypassed in every scenario, so they decide nothing: without the hook the
  // call must go through (the control), and with it the hook alone must refuse. (Its approval heuristics for `rm`
  // once asked instead of running, which made the control flaky.) IS_SANDBOX: bypass mode is refused as root
  // otherwise; the client runs in its own network namespace with only loopback.
  env.IS_SANDBOX = '1';
  args = ['-p', 'Delete ~/x, then read notes.txt.', '--output-format', 'stream-json', '--verbose', '--model', 'claude-sonnet-4-5', '--max-turns', '6', '--add-dir', home, '--permission-mode', 'bypassPermissions'];
} else {
  const tools = 'bash,read,write,edit,glob,grep,list,webfetch';
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
  if (enforce === 'plugin' || enforce === 'plugin-tampered') {
    fs.writeFileSync(path.join(project, '.skillcheckrc.json'), JSON.stringify({ policy: { readOnlyTools: ['read', 'glob', 'grep', 'list'] } }));
    fs.mkdirSync(path.join(project, '.opencode', 'plugin'), { recursive: true });
    let plugin = skillcheck(['policy', '.', '--tools', tools, '--format', 'opencode-plugin']);
    // Someone promotes the installed skill to trusted in the plugin file after it was written.
    if (enforce === 'plugin-tampered') plugin = plugin.replace('"trust": "installed"', '"trust": "trusted"');
    fs.writeFileSync(path.join(project, '.opencode', 'plugin', 'skillcheck-policy.js'), plugin);
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
  mark: MARK,
  requests,
  transcript,
  stderr: stderr.slice(-8000),
};
fs.rmSync(root, { recursive: true, force: true });
process.stdout.write(`${JSON.stringify(result)}\n`);
