// The tools a skill declares for itself: `allowed-tools` (a space- or comma-separated string, or a YAML list)
// and Cerveau `tools` entries that run a `command`. Read from parsed frontmatter data; nothing is executed.

export interface DeclaredTool {
  /** The entry as written, e.g. `Bash(git diff:*)`, or a Cerveau tool's name. */
  entry: string;
  /** The tool name a ceiling compares: the entry up to its `(` specifier. */
  tool: string;
  /** `allowed-tools` entry, or a Cerveau tool that runs a command. */
  kind: 'allowed-tools' | 'cerveau-command';
  /** Frontmatter path for locate(): the list entry, the whole string value, or the tool's `command`. */
  path: (string | number)[];
  /** A tool with a specifier narrowing it (`Bash(git:*)`), not bare `Bash` / `Bash(*)`. */
  scoped: boolean;
  /** For an entry of an `allowed-tools` string: its offset in the string value. */
  offsetInValue?: number;
}

/** Split an `allowed-tools` string on whitespace and commas outside parentheses: `Bash(gh pr:*) Read`. */
export function splitAllowedTools(value: string): string[] {
  return tokenizeAllowedTools(value).map((t) => t.text);
}

/** The same split, with each token's offset in the string. */
export function tokenizeAllowedTools(value: string): { text: string; start: number }[] {
  const out: { text: string; start: number }[] = [];
  let depth = 0;
  let start = -1;
  for (let i = 0; i < value.length; i++) {
    const ch = value[i]!;
    if (depth === 0 && (ch === ',' || ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r')) {
      if (start >= 0) out.push({ text: value.slice(start, i), start });
      start = -1;
      continue;
    }
    if (start < 0) start = i;
    if (ch === '(') depth++;
    else if (ch === ')' && depth > 0) depth--;
  }
  if (start >= 0) out.push({ text: value.slice(start), start });
  return out;
}

function baseName(entry: string): { tool: string; scoped: boolean } {
  const i = entry.indexOf('(');
  if (i < 0) return { tool: entry.trim(), scoped: false };
  const spec = entry.slice(i + 1).replace(/\)\s*$/, '').trim();
  return { tool: entry.slice(0, i).trim(), scoped: !(spec === '' || spec === '*' || spec === ':*') };
}

/** Every tool the frontmatter declares, in document order. */
export function declaredTools(data: Record<string, unknown> | null): DeclaredTool[] {
  if (!data) return [];
  const out: DeclaredTool[] = [];
  const at = data['allowed-tools'];
  if (typeof at === 'string') {
    for (const { text, start } of tokenizeAllowedTools(at)) {
      out.push({ entry: text, ...baseName(text), kind: 'allowed-tools', path: ['allowed-tools'], offsetInValue: start });
    }
  } else if (Array.isArray(at)) {
    at.forEach((e, i) => {
      if (typeof e !== 'string' || e.trim() === '') return;
      out.push({ entry: e.trim(), ...baseName(e.trim()), kind: 'allowed-tools', path: ['allowed-tools', i] });
    });
  }
  const tools = data.tools;
  if (Array.isArray(tools)) {
    tools.forEach((t, i) => {
      if (!t || typeof t !== 'object' || Array.isArray(t)) return;
      const o = t as Record<string, unknown>;
      if (typeof o.command !== 'string' || o.command.trim() === '') return;
      const name = typeof o.name === 'string' && o.name.trim() !== '' ? o.name : `tools[${i}]`;
      out.push({ entry: name, tool: name, kind: 'cerveau-command', path: ['tools', i, 'command'], scoped: true });
    });
  }
  return out;
}
