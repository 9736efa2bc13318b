// The policy enforced inside the real clients, offline: `npm run test:hosts` (not part of `npm test`).
// Installs pinned @anthropic-ai/claude-code and opencode-ai into ~/.cache/skillcheck/hosts, then runs each client
// in a fresh network namespace (`unshare -rn`: only loopback exists) and a fresh HOME, against a scripted model on
// 127.0.0.1. The enforcement is installed by running the recipes of docs/hosts.md as written, with skillcheck a
// dev dependency (not on PATH), for a skill installed as users install them: a Claude Code plugin from a
// marketplace, an `npx skills` project install for OpenCode (asked for bash, read and write). Claude Code is asked for Bash `rm -rf ~/x`, Write,
// Edit, NotebookEdit, a subagent, an MCP tool and a WebFetch to the mock, and Reads.
// Each client runs with the enforcement installed, with it tampered with, and without it: the last run must
// delete ~/x, which proves the assertions would fail with the hook or plugin removed. Bounded: every client run
// is killed (whole process group) after HOSTS_CLIENT_TIMEOUT_MS. HOSTS_ONLY=claude|opencode runs one client.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { describe, it, before } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ensureClient } from './install.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.join(here, '..');
const skillcheckBin = path.join(repo, 'bin', 'skillcheck.js');
const CLIENT_TIMEOUT_MS = Number(process.env.HOSTS_CLIENT_TIMEOUT_MS ?? 120_000);

/** `ip` comes from Debian's iproute2: installed here when missing and running as root (CI), like pre-commit in the
 *  install suite; otherwise the suite fails below with what it needs. */
function ensureIp() {
  if (spawnSync('sh', ['-c', 'command -v ip'], { encoding: 'utf8' }).status === 0) return;
  if (process.getuid?.() !== 0) return;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env, timeout: 300_000 });
  spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'iproute2'], { stdio: 'inherit', env, timeout: 600_000 });
}

function netnsAvailable() {
  const r = spawnSync('unshare', ['-rn', 'sh', '-c', 'ip link set lo up'], { encoding: 'utf8', timeout: 10_000 });
  return r.status === 0;
}

/** Run one scenario in its own network namespace; returns the scenario's JSON result. */
function scenario(client, bin, enforce) {
  const inner = [process.execPath, path.join(here, 'scenario.mjs'), client, bin, enforce, skillcheckBin];
  const r = spawnSync('unshare', ['-rn', 'sh', '-c', 'ip link set lo up && exec "$0" "$@"', ...inner], {
    encoding: 'utf8',
    timeout: CLIENT_TIMEOUT_MS + 60_000,
    killSignal: 'SIGKILL',
    env: { PATH: process.env.PATH, HOME: process.env.HOME, TMPDIR: process.env.TMPDIR ?? '/tmp', HOSTS_CLIENT_TIMEOUT_MS: String(CLIENT_TIMEOUT_MS) },
    maxBuffer: 64 * 1024 * 1024,
  });
  assert.equal(r.status, 0, `scenario ${client}/${enforce} failed (exit ${r.status ?? r.signal}): ${r.stderr}`);
  const result = JSON.parse(r.stdout);
  assert.equal(result.timedOut, false, `${client} did not finish within ${CLIENT_TIMEOUT_MS} ms; stderr:\n${result.stderr}`);
  return result;
}

/** The tool results the client sent back to the model, by tool call id, as the last request carried them. */
function results(run) {
  const last = [...run.requests].reverse().find((q) => q.hasTools);
  assert.ok(last, `the model was never asked with tools; requests: ${JSON.stringify(run.requests)}\n${run.stderr}`);
  return new Map(last.toolResults.map((t) => [t.id, t]));
}

const ids = { claude: { bash: 'toolu_bash_1', read: 'toolu_read_1' }, opencode: { bash: 'call_bash_1', read: 'call_read_1' } };

/** The transcript's record of one tool call's outcome: Claude Code's stream-json user message, OpenCode's tool part. */
function transcriptOutcome(run, id) {
  for (const e of run.transcript) {
    if (e.type === 'user' && Array.isArray(e.message?.content)) {
      for (const c of e.message.content) if (c.type === 'tool_result' && c.tool_use_id === id) return { error: !!c.is_error, text: typeof c.content === 'string' ? c.content : JSON.stringify(c.content) };
    }
    if (e.type === 'tool_use' && e.part?.callID === id) {
      const st = e.part.state ?? {};
      return { error: st.status === 'error', text: String(st.status === 'error' ? st.error : st.output) };
    }
  }
  return undefined;
}

function assertEnforced(run, client, why) {
  const r = results(run);
  const bash = r.get(ids[client].bash);
  const read = r.get(ids[client].read);
  assert.ok(bash, `no result for the Bash call: ${JSON.stringify([...r.values()])}`);
  assert.match(bash.text, why, `the model did not see the refusal: ${bash.text}`);
  assert.equal(run.victimExists, true, 'Bash ran: ~/x was deleted');
  const t = transcriptOutcome(run, ids[client].bash);
  assert.ok(t, 'the transcript has no outcome for the Bash call');
  assert.equal(t.error, true);
  assert.match(t.text, why);
  return { read, readT: transcriptOutcome(run, ids[client].read) };
}

function assertUnenforced(run, client) {
  const r = results(run);
  const bash = r.get(ids[client].bash);
  assert.ok(bash, 'no result for the Bash call');
  assert.doesNotMatch(bash.text, /skillcheck/);
  assert.equal(run.victimExists, false, 'without the hook/plugin, Bash must run (else the enforced runs prove nothing)');
  assert.ok(r.get(ids[client].read)?.text.includes(run.mark), 'Read went through');
}

const CLAUDE_REASON = /skillcheck policy sha256:[0-9a-f]{12}…: refused: "Bash" is denied by the policy: not in the read-only set \(preset "claude-code"\): the ceiling is read-only because skill "weather" \([^)]*\.claude\/plugins\/cache\/acme\/weather\/1\.0\.0\/skills\/weather\/SKILL\.md\) is installed/;
/** Every other call Claude Code's script makes under the installed ceiling, refused by the hook before it runs. */
const CLAUDE_DENIED = { toolu_write_1: 'Write', toolu_edit_1: 'Edit', toolu_nb_1: 'NotebookEdit', toolu_agent_1: 'Agent', toolu_mcp_1: 'mcp__probe__touch', toolu_fetch_1: 'WebFetch' };
const only = process.env.HOSTS_ONLY;
const OPENCODE_REASON = /skillcheck policy: refused: "bash" is denied: the active skills' lowest trust is installed/;

describe('real clients enforce the policy (offline, loopback mock)', { concurrency: 1 }, () => {
  before(() => {
    ensureIp();
    assert.ok(netnsAvailable(), 'test:hosts needs `unshare -rn` (unprivileged user and network namespaces) and `ip`, to guarantee no traffic beyond loopback');
  });

  describe('Claude Code (PreToolUse hook)', { concurrency: 1, skip: only !== undefined && only !== 'claude' }, () => {
    let bin;
    before(() => {
      bin = ensureClient('claude');
    });

    it('the recipe as documented, for a marketplace-installed plugin skill: Bash, Write, Edit, NotebookEdit, Agent, an MCP tool and WebFetch refused; Read goes through', () => {
      const run = scenario('claude', bin, 'hook');
      const { read, readT } = assertEnforced(run, 'claude', CLAUDE_REASON);
      assert.ok(read?.text.includes(run.mark), `Read did not go through: ${JSON.stringify(read)}`);
      assert.equal(readT?.error, false);
      const r = results(run);
      for (const [id, tool] of Object.entries(CLAUDE_DENIED)) {
        const res = r.get(id);
        assert.ok(res, `no result for the ${tool} call`);
        assert.equal(res.isError, true, `${tool} was not refused: ${res.text}`);
        assert.match(res.text, new RegExp(`skillcheck policy sha256:[0-9a-f]{12}…: refused: (${JSON.stringify(tool)} is denied by the policy|unknown tool ${JSON.stringify(tool)})`), `${tool}: ${res.text}`);
      }
      assert.deepEqual(
        { written: run.written, notesEdited: run.notesEdited, notebookEdited: run.notebookEdited, mcpRan: run.mcpRan, exfiltrated: run.exfiltrated },
        { written: false, notesEdited: false, notebookEdited: false, mcpRan: false, exfiltrated: false },
      );
      // The fresh home has no ~/.claude/skills: the recipe goes on with a note.
      assert.match(run.recipe.stderr, /note: .*\.claude\/skills does not exist/);
    });

    it('a policy edited after the hook was installed refuses every call (digest)', () => {
      const run = scenario('claude', bin, 'hook-tampered');
      const { read } = assertEnforced(run, 'claude', /fail closed\): the policy is refused: .*does not follow from the inputs/);
      assert.match(read?.text ?? '', /fail closed/);
      assert.ok(!read.text.includes(run.mark));
    });

    it('a hook that cannot run (skillcheck uninstalled from node_modules) blocks every call (onFailure: "block")', () => {
      const run = scenario('claude', bin, 'hook-unavailable');
      const r = results(run);
      assert.equal(run.victimExists, true, 'Bash ran although the hook could not start');
      assert.equal(r.get(ids.claude.bash)?.isError, true);
      assert.match(r.get(ids.claude.bash).text, /onFailure is "block"/);
      assert.ok(!(r.get(ids.claude.read)?.text ?? '').includes(run.mark), 'Read went through although the hook could not start');
    });

    it('without the hook, the same script deletes ~/x, writes, and runs the MCP tool (the control)', () => {
      const run = scenario('claude', bin, 'none');
      assertUnenforced(run, 'claude');
      // WebFetch is not in this list: offline it never reached the mock even without the hook (2.1.332), so its
      // refusal is shown by the hook's reason and by no /exfil request in the enforced run.
      assert.deepEqual(
        { written: run.written, notesEdited: run.notesEdited, notebookEdited: run.notebookEdited, mcpRan: run.mcpRan },
        { written: true, notesEdited: true, notebookEdited: true, mcpRan: true },
        'without the hook every scripted tool must run, else the enforced run proves nothing',
      );
      assert.equal(results(run).get('toolu_agent_1')?.isError, false, 'the subagent did not start without the hook');
    });
  });

  describe('OpenCode (tool.execute.before plugin)', { concurrency: 1, skip: only !== undefined && only !== 'opencode' }, () => {
    let bin;
    before(() => {
      bin = ensureClient('opencode');
    });

    it('the plugin refuses bash and write with its reason; read goes through', () => {
      const run = scenario('opencode', bin, 'plugin');
      const { read, readT } = assertEnforced(run, 'opencode', OPENCODE_REASON);
      assert.ok(read?.text.includes(run.mark), `read did not go through: ${JSON.stringify(read)}`);
      assert.equal(readT?.error, false);
      const write = results(run).get('call_write_1');
      assert.ok(write, `no result for the write call: ${JSON.stringify([...results(run).values()])}`);
      assert.match(write.text, /skillcheck/, `the model did not see the refusal of write: ${write.text}`);
      assert.equal(run.written, false, 'write ran: written.txt exists');
    });

    it('a plugin edited after skillcheck wrote it refuses every call (digest)', () => {
      const run = scenario('opencode', bin, 'plugin-tampered');
      const { read } = assertEnforced(run, 'opencode', /fail closed\): the embedded policy digest/);
      assert.match(read?.text ?? '', /fail closed/);
    });

    it('without the plugin, the same script deletes ~/x and writes (the control)', () => {
      const run = scenario('opencode', bin, 'none');
      assertUnenforced(run, 'opencode');
      assert.equal(run.written, true, 'without the plugin, write must run (else the enforced run proves nothing)');
    });
  });
});
