// remote-exec: a download fed into an interpreter. Two layers: the pattern pack rules/packs/remote-exec.yaml
// (line patterns, also PowerShell), then the shell-pipeline model of src/analysis/shell.ts over shell code blocks, inline
// code, prose lines, string literals of other code blocks, Cerveau tool commands and references/ files, for what a
// line pattern cannot see (continuations, wrappers, filters in the pipe, stdin from process substitution,
// download-then-run, npx/deno of a URL, custom package indexes). For an installed skill (trust below the highest)
// running an unpinned download is an error.
// Last layer: the behaviour model's chains (src/analysis/behaviour/), which replace an earlier finding on their
// lines only when more severe, and clear the lines the model found harmless.

import { CHAIN_MESSAGE, collecting, reportChains, type Taken } from '../src/analysis/behaviour/report.js';
import { catalogueAware } from '../src/analysis/catalogue.js';
import { codeRanges, literalLines, loadPack, runPack, scanLiteralsToo, type Pack, toolCommands, withPackMessages } from '../src/analysis/packs.js';
import { defineRule, type ReportInput, type SkillContext } from '../src/core/rule.js';
import { analyzeShell, codeIndexes, configIndexes, envIndexes, SHELL_FLAG_OPTIONS, STDIN_PATH, type ShellFinding, type ShellFindingKind } from '../src/analysis/shell.js';
import { formatJsonPath } from '../src/analysis/jsonscan.js';
import { mcpServers, mcpTexts, segmentAt } from '../src/analysis/mcp.js';
import type { SourceText } from '../src/core/source.js';
import { SHELL_FENCE_INFO } from '../src/analysis/fences.js';
import { quote } from '../src/core/text.js';
import { lowerBound } from '../src/core/sorted.js';
import { highestTrust } from '../src/core/trust.js';
import { installerSpecs } from '../src/analysis/installers.js';
import { tableCells } from '../src/analysis/tables.js';
import { downloadWithoutSource, inMarkdownProse, namedWithoutObject, PLACEHOLDER_WORD } from '../src/analysis/operand.js';
import { PROFILES } from '../src/targets/profiles.js';

/** Cheap filter: a text the model could flag holds one of these command words (plain literals, no regex syntax), or
 *  `xh` as a whole word, or `http`/`https` and a space (TRIGGER). */
const TRIGGER_WORDS = ['curl', 'wget', 'fetch', 'iwr', 'irm', 'invoke-web', 'invoke-rest', 'npx', 'bunx', 'pnpx', 'deno', 'pip', 'npm', 'pnpm', 'yarn', 'uv ', 'poetry', 'aria2c', 'bun ', 'pdm ', 'gem ', 'bundle', 'cargo', 'conda', 'mamba', 'nuget'];
export const TRIGGER = new RegExp(`${TRIGGER_WORDS.join('|')}|\\bxh\\b|\\bhttps? `, 'i');
/** Literals one of which every TRIGGER match holds, lowercased (ASCII: the `i` flag without `u` folds ASCII letters
 *  only): found with the pack keywords in one pass, so a text or code block without them skips the regex. */
export const TRIGGER_LITERALS: readonly string[] = [...TRIGGER_WORDS, 'xh', 'http ', 'https '];
scanLiteralsToo(TRIGGER_LITERALS);

/** Whether some line starting in [from, to) holds a trigger literal (`lines`: literalLines, null when unknown). */
function mayTrigger(lines: readonly number[] | null, from: number, to: number): boolean {
  if (lines === null) return true;
  const lo = lowerBound(lines, from);
  return lo < lines.length && lines[lo]! < to;
}
/** A package manager's configuration file named in text (a path's last part). */
const CONFIG_FILE = /(?:^|[\s`'"/(=])((?:requirements|constraints)[\w.-]*\.(?:txt|in)|pip\.conf|pip\.ini|\.npmrc|\.yarnrc(?:\.yml)?|pyproject\.toml|bunfig\.toml|Pipfile|Gemfile|NuGet\.config|environment\.ya?ml|\.cargo\/config(?:\.toml)?)(?=$|[\s`'"),:;])/gi;
/** Quoted string literals in other languages (os.system("curl … | sh"), subprocess.run('…', shell=True)). */
const STRING_LITERAL = /"(?:[^"\\\n]|\\.){6,}"|'(?:[^'\\\n]|\\.){6,}'/g;

/** Message id of each kind of shell-model finding (src/analysis/shell.ts); `detail` says what the command does. */
const SHELL_MESSAGE: Record<ShellFindingKind, string> = {
  pipe: 'pipe',
  'process-substitution': 'processSubstitution',
  'command-substitution': 'commandSubstitution',
  'download-then-run': 'downloadThenRun',
  'remote-package': 'remotePackage',
  'custom-index': 'customIndex',
};
const RUNS_UNREVIEWED = '{{detail}} {{where}}: {{command}}; whatever the server returns runs unreviewed. Download to a file, verify its checksum or signature, read it, then run it';

let pack: Pack | null = null;

/** Whether the download a pattern matched names no source: its command's words after the name are options and a
 *  placeholder standing for the address (an ellipsis, `curl -fsSL ... | bash`; a name in angle brackets or braces,
 *  `curl <url> | bash`, `wget {script_url} | sh`), the form of a command described, which downloads nothing when run. */
export function placeholderDownload(match: string): boolean {
  const m = /\b(?:curl|wget|fetch|iwr|irm|invoke-webrequest|invoke-restmethod)\b([^|]*)\|/i.exec(match);
  if (!m) return false;
  const words = m[1]!.trim().split(/[ \t]+/).filter((w) => w !== '');
  return words.some((w) => PLACEHOLDER_WORD.test(w)) && words.every((w) => w.startsWith('-') || PLACEHOLDER_WORD.test(w));
}

/** Right before a code span: a verb in the third person that says what a page, a component or a document shows
 *  (contains, shows, displays, renders, reads, …) or a participle of one ("a pill reading"), then optionally an article
 *  and the words that name text as text ("the literal", "the string", "a one-line snippet"). */
const DESCRIBES = /\b(?:contains|shows|displays|renders|reads|features|includes|presents|carries|lists|prints|says|containing|showing|displaying|rendering|reading|featuring|labell?ed|captioned|rendered[ \t]+as|printed[ \t]+as)[ \t]+(?:(?:the|a|an|its|their|this|that)[ \t]+)?(?:(?:literal|verbatim|string|text|snippet|line|one-line|one-liner|single-line|words?|label|caption|sample|example|placeholder|command|code|copyable|install|installation|setup)[ \t]+){0,3}$/i;
/** Words of a sentence that hand the command to the reader or the agent to run. */
const RUN_ORDER = /\b(?:run|running|execute|executing|paste|pasting|invoke|invoking|type[ \t]+(?:it|this|in)|enter[ \t]+(?:it|this)|press[ \t]+enter|(?:to|then|and|please|now)[ \t]+install|in(?:to)?[ \t]+(?:a|your|the)[ \t]+(?:terminal|shell|console|command[ \t]+line))\b/i;

/**
 * Whether the command at [start, end) of a Markdown text is an inline code span that a sentence of prose describes as
 * content rather than gives to be run: the span follows a third-person verb of showing ("Contains the literal `curl …
 * | sh` install command with a copy icon", "the banner reads `…`"), the way a design document or a page description
 * names the text a product displays, and nothing else in its sentence says to run, paste or type it. A command in a
 * code block, or a sentence that orders it run, is not one.
 */
export function describedCommand(text: string, start: number, end: number): boolean {
  const ls = text.lastIndexOf('\n', start - 1) + 1;
  let le = text.indexOf('\n', end);
  if (le === -1) le = text.length;
  const line = text.slice(ls, le);
  // The span the command starts in (a reader of the line as shell may run its end on into the sentence).
  const span = [...line.matchAll(/(`+)([^`]+?)\1/g)].find((m) => ls + m.index! < start && start < ls + m.index! + m[0].length && end > start);
  if (!span) return false;
  // The line with its code spans blanked, so their words and dots count for nothing.
  const flat = line.replace(/(`+)([^`]+?)\1/g, (m, q: string) => q + ' '.repeat(m.length - 2 * q.length) + q);
  const head = flat.slice(0, span.index!);
  const stop = Math.max(head.lastIndexOf('. '), head.lastIndexOf('! '), head.lastIndexOf('? '), head.lastIndexOf('; '), head.lastIndexOf(': '));
  const before = head.slice(stop + 1).replace(/[*_]/g, '');
  // The whole line (a bullet, a paragraph line) must hold no order to run it, in any of its sentences.
  return DESCRIBES.test(before) && !RUN_ORDER.test(flat);
}

interface Text {
  src: string;
  file?: string;
  source?: SourceText;
  where: string;
}

function message(f: ShellFinding, text: string, where: string): Pick<ReportInput, 'messageId' | 'data'> {
  const command = quote(text.replace(/\\\n[ \t]*/g, ' ').replace(/\n[\s\S]*$/, ' …'), 120);
  return { messageId: SHELL_MESSAGE[f.kind], data: { detail: f.detail, where, command } };
}

/** The words after a shell that a download is piped into: its own options (none that reads the program from the pipe:
 *  `-s`), then the first other word. */
const AFTER_SHELL = new RegExp(String.raw`^((?:[ \t]+-[A-Za-z]+|[ \t]+--(?:${SHELL_FLAG_OPTIONS}))*)[ \t]+([^\s;&|)#\x60'"<>$-][^\s;&|)\x60'"]*)`);
/**
 * Whether the shell that ends a pipe-to-shell match (at `end` of `text`) runs a script file named after it
 * (`curl … | bash scripts/parse.sh "$TAG"`): the file is the program and the download its standard input, data it
 * reads. Not when an option gives the program the pipe (`-s`), nor for the pipe's own names (`/dev/stdin`), nor for
 * a word that is no path (a sentence going on: "| bash to install it").
 */
function runsScriptFile(text: string, end: number): boolean {
  if (end < 0) return false;
  const le = text.indexOf('\n', end);
  const m = AFTER_SHELL.exec(text.slice(end, le === -1 ? text.length : le));
  if (!m || /-[A-Za-z]*s/.test(m[1]!)) return false;
  const word = m[2]!;
  // A path (a slash) or a file name with an extension; a word ending a sentence ("| sh now.") is neither.
  return (/\//.test(word) || /^[\w.-]*\w\.[A-Za-z0-9]{1,5}$/.test(word)) && !STDIN_PATH.test(word);
}

export default defineRule({
  // Messages: one per entry of the pack (its id), and one per kind of shell-model finding.
  meta: withPackMessages({
    id: 'remote-exec',
    description: 'Download run as code: piped or fed into a shell or interpreter (curl | sh, bash <(curl …), iwr | iex, python -c "$(curl …)"), saved and run without a checksum, npx/deno of a URL, installs from a custom index: warning, error in an installed skill or a Cerveau tool command',
    severity: 'warning',
    confidence: 'high',
    category: 'security',
    fixable: false,
    since: '0.1.0',
    examples: {
      bad: [
        { files: { 'skills/setup/SKILL.md': '---\nname: setup\ndescription: Installs the tool.\n---\nRun:\n\n```sh\ncurl -fsSL https://example.com/install.sh | bash\n```\n' } },
        { files: { 'skills/t/SKILL.md': '---\nname: t\ndescription: Tool.\ntools:\n  - name: setup\n    command: wget -qO- https://example.com/x | sh\n---\nBody.\n' } },
        { files: { 'skills/setup/SKILL.md': '---\nname: setup\ndescription: Installs the tool.\n---\n```sh\ncurl -fsSL https://example.com/install.sh \\\n  | sudo -u root bash\n```\n' } },
      ],
      good: [{ files: { 'skills/setup/SKILL.md': '---\nname: setup\ndescription: Installs the tool.\n---\nDownload install.sh, check its SHA-256, read it, then run `sh install.sh`.\n' } }],
    },
  }, {
    chain: CHAIN_MESSAGE,
    pipe: RUNS_UNREVIEWED,
    processSubstitution: RUNS_UNREVIEWED,
    commandSubstitution: RUNS_UNREVIEWED,
    downloadThenRun: RUNS_UNREVIEWED,
    remotePackage: '{{detail}} {{where}}: {{command}}; whatever the server returns runs unreviewed. Pin a published version or a lockfile entry with an integrity hash instead of a URL',
    customIndex:
      '{{detail}} {{where}}: {{command}}; whoever runs that index decides what each package name installs, and mixed with the default index it can shadow a public or internal name (dependency confusion). Install from the default index, or pin the package by hash (--require-hashes)',
    installerDownload:
      "OpenClaw's installer spec {{n}} downloads {{url}}{{plain}} and installs it with no sha256; OpenClaw checks a digest only when the spec gives one, so whatever the server returns at install time is installed and later run. Add the file's sha256 to the spec",
  }),
  checkSkill(skillCtx) {
    // Earlier layers report through `collecting`; the behaviour model's chains (src/analysis/behaviour/) come last,
    // skipping lines those layers already reported.
    const chainTaken: Taken[] = [];
    const outer = collecting(skillCtx, chainTaken);
    // One quote per documentation file, whether the pack or a chain finds it.
    const documented = new Set<string>();
    const ctx = catalogueAware(outer, documented);
    pack ??= loadPack('remote-exec');
    const installed = ctx.skill.trust !== highestTrust();
    const taken: { file: string | undefined; start: number; end: number }[] = [];
    const bump = (r: ReportInput): ReportInput => (installed && r.severity === 'warning' && (r.confidence ?? 'high') === 'high' ? { ...r, severity: 'error' } : r);
    // OpenClaw's installer specs (src/analysis/installers.ts): a download with no digest to check, raised for an
    // installed skill like the rule's other visible install steps.
    for (const spec of installerSpecs(ctx.data, PROFILES.openclaw.gatingFacts!)) {
      if (spec.kind !== 'download' || spec.sha256 || !/^https?:\/\//i.test(spec.value)) continue;
      const loc = ctx.locate(['metadata', spec.key, 'install', spec.index, spec.field]);
      ctx.report(bump({ ...(loc ? { offset: loc.start, endOffset: loc.end } : { line: 1, column: 1 }), severity: 'warning', confidence: 'high', messageId: 'installerDownload', data: { n: `metadata.${spec.key}.install[${spec.index}]`, url: quote(spec.value, 120), plain: /^http:/i.test(spec.value) ? ' over plain HTTP (anyone on the path can change it)' : '' } }));
    }
    /** A finding in a sentence of Markdown (not a code block) that names a command rather than gives it: a download
     *  whose address is an ellipsis names the form of a command (what `curl ... | bash` does, why it fails), and a
     *  sentence can describe a command as text a page or a component shows (describedCommand). In a code block the
     *  same text abbreviates or gives a real command and stands. */
    const describedInProse = (r: ReportInput): boolean => {
      const whole = (r.source ?? ctx.skill.source)?.normalized ?? '';
      const at = r.offset ?? 0;
      if (!inMarkdownProse(r.file ?? ctx.skill.file, whole, at)) return false;
      return placeholderDownload(whole.slice(at, r.endOffset ?? at)) || describedCommand(whole, at, r.endOffset ?? at);
    };
    /** A download named in prose with no address at all (`curl \| bash` in a detector's table of patterns), where
     *  the author is trusted (src/analysis/operand.ts). */
    const namedWithoutAddress = (r: ReportInput): boolean => !installed && r.offset !== undefined && namedWithoutObject(r.file ?? ctx.skill.file, (r.source ?? ctx.skill.source)?.normalized ?? '', r.offset, downloadWithoutSource);
    // Layer 1: the pack, through a context that remembers what it reported and raises it for installed skills.
    const wrapped: SkillContext = { ...ctx };
    wrapped.report = (r) => {
      taken.push({ file: r.file, start: r.offset ?? -1, end: r.endOffset ?? -1 });
      if (r.messageId === 'pipe-to-shell' && runsScriptFile((r.source ?? ctx.skill.source)?.normalized ?? '', r.endOffset ?? -1)) return;
      if (describedInProse(r)) ctx.report({ ...r, severity: 'info', confidence: 'low' });
      else if (namedWithoutAddress(r)) ctx.report({ ...r, severity: 'info', confidence: 'low', suffix: `${r.suffix ?? ''} (named without an address: nothing is downloaded as written)` });
      else ctx.report(bump(r));
    };
    runPack(wrapped, pack);

    // Layer 2: the shell model.
    const emit = (t: Text, f: ShellFinding, severity: 'info' | 'warning' | 'error', where = t.where) => {
      if (taken.some((k) => k.file === t.file && f.start < k.end && k.start < f.end)) return;
      taken.push({ file: t.file, start: f.start, end: f.end });
      const confidence = severity === 'info' ? 'low' : f.kind === 'custom-index' ? 'medium' : 'high';
      const r: ReportInput = { offset: f.start, endOffset: f.end, severity, confidence, ...message(f, t.src.slice(f.start, f.end), where) };
      if (t.file) {
        r.file = t.file;
        r.source = t.source;
      }
      ctx.report(f.kind === 'custom-index' ? r : bump(r));
    };
    const scanMarkdown = (t: Text, from: number, lines: readonly number[] | null) => {
      const s = t.src;
      // Nothing the model could flag in the whole text: skip it (most skills). No trigger literal on any line (one
      // pass with the pack keywords) says so without running the regex over the text.
      if (lines !== null && lines.length === 0) return;
      if (!TRIGGER.test(s.slice(from))) return;
      const blocks = codeRanges(s, from);
      let pos = from;
      const prose = (a: number, b: number) => {
        // Prose between code blocks: inline code spans, then each line read as a sentence that may hold a command.
        // Only lines holding a trigger word: one regex pass over the region finds them.
        const region = s.slice(a, b);
        const trig = new RegExp(TRIGGER.source, 'gi');
        for (let hit = trig.exec(region); hit; hit = trig.exec(region)) {
          const at = a + hit.index;
          let ls = s.lastIndexOf('\n', at - 1) + 1;
          // Back to the start of a "\"-continued command.
          while (ls > a + 1 && s[ls - 2] === '\\') ls = s.lastIndexOf('\n', ls - 2) + 1;
          if (ls < a) ls = a;
          let le = s.indexOf('\n', at);
          if (le === -1 || le > b) le = b;
          // A line ending in "\" continues on the next one.
          while (le < b && s[le - 1] === '\\') {
            const n = s.indexOf('\n', le + 1);
            le = n === -1 || n > b ? b : n;
          }
          const line = s.slice(ls, le);
          if (TRIGGER.test(line)) {
            const spans = [...line.matchAll(/(`+)([^`]+?)\1/g)];
            for (const m of spans) {
              const st = ls + m.index! + m[1]!.length;
              // A span the sentence describes as shown text (describedCommand): info.
              for (const f of analyzeShell(s, st, st + m[2]!.length)) emit(t, f, describedCommand(s, f.start, f.end) ? 'info' : 'warning', t.file ? t.where : 'in the body');
            }
            // A table row's bars between cells are no pipes: each cell is read as a sentence of its own.
            for (const [cs, ce] of tableCells(line) ?? [[0, line.length]]) for (const f of analyzeShell(s, ls + cs, ls + ce, { prose: true })) emit(t, f, 'warning', t.file ? t.where : 'in the body');
          }
          trig.lastIndex = Math.max(trig.lastIndex, le + 1 - a);
        }
      };
      for (const [bs, be] of blocks) {
        prose(pos, bs);
        const nl = s.indexOf('\n', bs);
        const info = s.slice(bs, nl === -1 ? be : nl).replace(/^[ \t>]*(?:`{3,}|~{3,})/, '').trim().split(/[\s{,]/)[0]!.toLowerCase();
        const cs = nl === -1 ? be : nl + 1;
        const lastNl = s.lastIndexOf('\n', be - 1);
        const ce = lastNl > cs && /^[ \t>]*(?:`{3,}|~{3,})[ \t]*$/.test(s.slice(lastNl + 1, be)) ? lastNl : be;
        // Whether the shell model already read a configuration file this block writes (`cat > .npmrc <<EOF`).
        let written = false;
        if (cs < ce && mayTrigger(lines, cs, ce) && TRIGGER.test(s.slice(cs, ce))) {
          // Shell blocks, and YAML ones (CI steps and compose files hold command lines).
          if (SHELL_FENCE_INFO.test(info) || info === 'yaml' || info === 'yml') {
            // Console prompts ("$ curl …") are not part of the command: blank them, offsets kept.
            const body = s.slice(0, ce).replace(/(^|\n)([ \t]*)([$%>] )/g, (_m, a: string, b: string, p: string) => a + b + ' '.repeat(p.length));
            for (const f of analyzeShell(body, cs, ce)) {
              if (f.writes !== undefined) written = true;
              emit(t, f, 'warning', t.file ? t.where : 'in a code block');
            }
          } else {
            for (const m of s.slice(cs, ce).matchAll(STRING_LITERAL)) {
              if (!TRIGGER.test(m[0])) continue;
              const st = cs + m.index! + 1;
              for (const f of analyzeShell(s, st, st + m[0].length - 2)) emit(t, f, 'warning', t.file ? t.where : 'in a string in a code block');
            }
            // Argument lists: subprocess.run([sys.executable, "-m", "pip", "install", "-i", URL, …]).
            for (const ix of codeIndexes(s.slice(cs, ce))) emit(t, { kind: 'custom-index', start: cs + ix.start, end: cs + ix.end, detail: `installs packages from a custom index (${ix.url})` }, 'warning', t.file ? t.where : 'in a code block');
          }
        }
        // A block that is (or writes) a package manager's configuration file, named in the block or in the prose just
        // before it ("Add to `~/.pip/pip.conf`:", `cat > .npmrc <<EOF`): read as that file.
        if (cs < ce && !written) {
          const named = [...s.slice(Math.max(pos, bs - 300), ce).matchAll(CONFIG_FILE)];
          const name = named.length > 0 ? named[named.length - 1]![1]! : null;
          if (name) for (const ix of configIndexes(name, s.slice(cs, ce))) emit(t, { kind: 'custom-index', start: cs + ix.start, end: cs + ix.end, detail: `makes installs come from a custom index (${ix.url})` }, 'warning', t.file ? t.where : `in a code block for ${name}`);
        }
        pos = be;
      }
      prose(pos, s.length);
    };

    /** An index variable set to a custom index anywhere in a text (`export PIP_INDEX_URL=…`, `ENV GOPROXY …`), once
     *  per stretch the shell model did not report already. */
    const indexVariables = (t: Text, from: number) => {
      for (const ix of envIndexes(t.src, from)) {
        const f: ShellFinding = { kind: 'custom-index', start: ix.start, end: ix.end, detail: `makes installs come from a custom index (${ix.name}=${ix.url})` };
        emit(t, f, 'warning');
      }
    };
    const src = ctx.skill.source;
    if (src) {
      const norm = src.normalized;
      const doc = ctx.skill.doc;
      scanMarkdown({ src: norm, where: 'in the skill file' }, doc ? doc.bodyOffset : 0, literalLines(src, TRIGGER_LITERALS));
      indexVariables({ src: norm, where: 'in the skill file' }, 0);
      for (const tool of toolCommands(ctx)) {
        if (tool.start < 0 || !TRIGGER.test(tool.command)) continue;
        for (const f of analyzeShell(norm, tool.start, tool.end)) emit({ src: norm, where: `in the command of Cerveau tool ${quote(tool.name ?? `#${tool.index + 1}`)}` }, f, 'error');
      }
    }
    for (const ref of ctx.skill.folder?.references() ?? []) {
      if (!ref.source) continue;
      scanMarkdown({ src: ref.source.normalized, file: ref.file, source: ref.source, where: `in ${quote(ref.rel)}` }, 0, literalLines(ref.source, TRIGGER_LITERALS));
    }
    // Scripts and program code outside references/ (the behaviour model reads their downloads): the installs they run
    // from a custom index or registry.
    for (const f of ctx.skill.folder?.files().files ?? []) {
      if (f.reference || !TRIGGER.test(f.source.normalized)) continue;
      const t: Text = { src: f.source.normalized, file: f.file, source: f.source, where: `in ${quote(f.rel)}` };
      if (f.kind === 'shell') for (const sf of analyzeShell(t.src)) if (sf.kind === 'custom-index') emit(t, sf, 'warning');
      // Program code: install commands in its strings and argument lists.
      if (f.kind === 'python' || f.kind === 'javascript' || f.kind === 'powershell') {
        for (const ix of codeIndexes(t.src)) emit(t, { kind: 'custom-index', start: ix.start, end: ix.end, detail: `installs packages from a custom index (${ix.url})` }, 'warning');
      }
    }
    // MCP server definitions: the rebuilt command line and its `sh -c` script (src/analysis/mcp.ts), reported at the JSON
    // string that carries the finding. A server the client starts is installed code: high-confidence ones are errors.
    // Package-manager configuration shipped with the skill: an index or registry it names is where every install run
    // with it comes from (dependency confusion, as the command-line flags above).
    for (const f of ctx.skill.folder?.files().files ?? []) {
      if (f.kind !== 'json') {
        const t: Text = { src: f.source.normalized, file: f.file, source: f.source, where: `in ${quote(f.rel)}` };
        for (const ix of configIndexes(f.rel, f.source.normalized)) emit(t, { kind: 'custom-index', start: ix.start, end: ix.end, detail: `makes installs come from a custom index (${ix.url})` }, 'warning');
        continue;
      }
      // JSON (an MCP server's `env`, package.json scripts): index variables and install strings.
      if (f.kind === 'json') {
        const t: Text = { src: f.source.normalized, file: f.file, source: f.source, where: `in ${quote(f.rel)}` };
        for (const ix of [...envIndexes(t.src), ...codeIndexes(t.src)]) emit(t, { kind: 'custom-index', start: ix.start, end: ix.end, detail: `makes installs come from a custom index (${ix.url})` }, 'warning');
      }
      const json = f.kind === 'json' ? f.json() : null;
      if (!json) continue;
      for (const server of mcpServers(json)) {
        for (const t of mcpTexts(server)) {
          if (t.lang !== 'shell' || !TRIGGER.test(t.text)) continue;
          for (const sf of analyzeShell(t.text)) {
            const str = segmentAt(t, sf.start);
            if (taken.some((k) => k.file === f.file && str.start < k.end && k.start < str.end)) continue;
            taken.push({ file: f.file, start: str.start, end: str.end });
            const where = `in ${quote(f.rel)} server ${quote(server.name)} (${t.label}, at ${formatJsonPath(str.path)})`;
            const severity = sf.kind === 'custom-index' ? 'warning' : 'error';
            ctx.report({ file: f.file, source: f.source, offset: str.start, endOffset: str.end, severity, confidence: sf.kind === 'custom-index' ? 'medium' : 'high', ...message(sf, t.text.slice(sf.start, sf.end), where) });
          }
        }
      }
    }
    // A chain whose last step is a command a Markdown sentence describes as shown text (describedCommand) is info, as
    // the layers above report it.
    const chainCtx = catalogueAware(skillCtx, documented);
    const described: SkillContext = { ...chainCtx };
    described.report = (r) => chainCtx.report(describedInProse(r) ? { ...r, severity: 'info', confidence: 'low' } : r);
    reportChains(described, 'remote-exec', chainTaken, skillCtx);
  },
});
