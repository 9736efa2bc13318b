// gating: `requires` (or legacy `metadata.openclaw.requires`): malformed is an error; unmet requirements on
// this machine are reported as machine-dependent (looked up, never executed) and switched off by --no-gating.

import { defineRule, type SkillContext } from '../src/core/rule.js';
import { isGatingBlock } from '../src/targets/resolve.js';
import { metadataBlock } from '../src/analysis/installers.js';
import { didYouMean, quote, typeName } from '../src/core/text.js';

/** The `requires` keys the target's runtime reads (profile data: src/targets/profiles.ts gatingFacts). */
const listKeys = (ctx: SkillContext): readonly string[] => ctx.profile.gatingFacts?.requiresKeys ?? [];

function requiresBlock(ctx: SkillContext, kind: 'ironclaw' | 'openclaw'): { value: unknown; path: string[] } | null {
  const data = ctx.data;
  if (!data) return null;
  if (kind === 'openclaw') {
    const oc = metadataBlock(data, ctx.profile.gatingFacts?.metadataKeys ?? []);
    const req = oc?.value.requires;
    // OpenClaw reads only metadata.openclaw.requires; a top-level `requires` is IronClaw's key.
    if (isGatingBlock(data.requires)) {
      const loc = ctx.locate(['requires']);
      ctx.report({
        offset: loc?.start,
        endOffset: loc?.end,
        severity: 'warning',
        messageId: req !== undefined ? 'topLevelRequiresBoth' : 'topLevelRequires',
      });
    }
    return req !== undefined && oc ? { value: req, path: ['metadata', oc.key, 'requires'] } : null;
  }
  // Older IronClaw read the legacy metadata.openclaw.requires (not the clawdbot spelling).
  const legacy = metadataBlock(data, ['openclaw'])?.value.requires;
  if (data.requires !== undefined) {
    if (legacy !== undefined) {
      const loc = ctx.locate(['metadata', 'openclaw', 'requires']);
      ctx.report({
        offset: loc?.start,
        endOffset: loc?.end,
        severity: 'info',
        messageId: 'legacyBoth',
      });
    }
    return { value: data.requires, path: ['requires'] };
  }
  if (legacy !== undefined) return { value: legacy, path: ['metadata', 'openclaw', 'requires'] };
  return null;
}

/** Platforms OpenClaw's `os` list names (Node's process.platform values). */
const OPENCLAW_PLATFORMS = ['darwin', 'linux', 'win32'] as const;

/** An OpenClaw config dot-path: `browser.enabled`, not a file (`./x`, `~/x`, `config.json`). */
function looksLikeDotPath(s: string): boolean {
  return /^[A-Za-z_][\w-]*(\.[A-Za-z_][\w-]*)+$/.test(s) && !/\.(json5?|ya?ml|toml|ini|conf|cfg|env|txt|md|pem|key)$/i.test(s);
}

/** An IronClaw config entry: a file path. */
function looksLikeFilePath(s: string): boolean {
  return s.includes('/') || s.includes('\\') || s.startsWith('~') || s.startsWith('.') || /\.(json5?|ya?ml|toml|ini|conf|cfg|env|txt|pem|key)$/i.test(s);
}

function dotPath(root: unknown, p: string): { found: boolean; value?: unknown } {
  let cur: unknown = root;
  for (const part of p.split('.')) {
    if (!cur || typeof cur !== 'object' || Array.isArray(cur) || !Object.prototype.hasOwnProperty.call(cur, part)) return { found: false };
    cur = (cur as Record<string, unknown>)[part];
  }
  return { found: true, value: cur };
}

/** The two runtimes read `config` entries differently: say so when an entry looks like the other runtime's kind. */
function configKindHints(ctx: SkillContext, kind: 'ironclaw' | 'openclaw', base: string[], config: readonly string[]): void {
  config.forEach((c, i) => {
    const l = ctx.locate([...base, 'config', i]);
    if (kind === 'ironclaw' && looksLikeDotPath(c)) {
      ctx.report({
        offset: l?.start,
        endOffset: l?.end,
        severity: 'warning',
        confidence: 'medium',
        messageId: 'configDotPath',
        data: { config: quote(c) },
      });
    } else if (kind === 'openclaw' && looksLikeFilePath(c)) {
      ctx.report({
        offset: l?.start,
        endOffset: l?.end,
        severity: 'warning',
        confidence: 'medium',
        messageId: 'configFilePath',
        data: { config: quote(c) },
      });
    }
  });
}

/** OpenClaw `os` (in metadata.openclaw or its requires): the skill loads only on the listed platforms. */
function checkOs(ctx: SkillContext, kind: 'ironclaw' | 'openclaw', block: { value: unknown; path: string[] } | null): void {
  if (kind !== 'openclaw' || !ctx.data) return;
  const meta = metadataBlock(ctx.data, ctx.profile.gatingFacts?.metadataKeys ?? []);
  // OpenClaw reads `os` only from its own metadata block (metadata.openclaw.os), not from `requires`.
  if (!meta || meta.value.os === undefined || meta.value.os === null) return;
  const osPath = ['metadata', meta.key, 'os'];
  const os = meta.value.os;
  const list = typeof os === 'string' ? [os] : os;
  const loc = ctx.locate(osPath);
  if (!Array.isArray(list) || list.some((e) => typeof e !== 'string')) {
    ctx.report({ offset: loc?.start, endOffset: loc?.end, rejects: true, messageId: 'osType', data: { path: osPath.join('.'), type: typeName(os) } });
    return;
  }
  (list as string[]).forEach((p, i) => {
    if ((OPENCLAW_PLATFORMS as readonly string[]).includes(p)) return;
    const l = typeof os === 'string' ? loc : ctx.locate([...osPath, i]);
    const guess = didYouMean(p, OPENCLAW_PLATFORMS);
    const data = { os: quote(p), platforms: OPENCLAW_PLATFORMS.join(', ') };
    ctx.report({ offset: l?.start, endOffset: l?.end, severity: 'warning', ...(guess ? { messageId: 'osUnknownGuess', data: { ...data, guess: quote(guess) } } : { messageId: 'osUnknown', data }) });
  });
  if (ctx.gating && list.length > 0 && !(list as string[]).includes(ctx.host.platform) && meta.value.always !== true) {
    ctx.report({
      offset: loc?.start,
      endOffset: loc?.end,
      severity: 'warning',
      machineDependent: true,
      rejects: true,
      messageId: 'osSkipped',
      data: { platform: ctx.host.platform, allowed: (list as string[]).map((x) => quote(x)).join(', ') },
    });
  }
}

export default defineRule({
  meta: {
    id: 'gating',
    description: 'Malformed `requires` gating (error); binaries, environment variables or config paths missing on this machine (machine-dependent, --no-gating turns them off)',
    severity: 'error',
    confidence: 'high',
    category: 'validator',
    fixable: false,
    since: '0.1.0',
    schema: {
      type: 'object',
      properties: {
        openclawConfig: { type: 'object', description: 'The OpenClaw config (parsed JSON; --openclaw-config): OpenClaw gating `config` dot-paths are looked up in it.' },
      },
      additionalProperties: false,
    },
    examples: {
      bad: [
        { files: { 'skills/g/SKILL.md': '---\nname: g\nrequires:\n  bins: docker\n---\nBody.\n' } },
        { files: { 'skills/g/SKILL.md': '---\nname: g\nrequires:\n  bins: [skillcheck-no-such-binary-xyz]\n---\nBody.\n' } },
      ],
      good: [
        { files: { 'skills/g/SKILL.md': '---\nname: g\nrequires:\n  bins: [node]\n---\nBody.\n' } },
        { files: { 'skills/g/SKILL.md': '---\nname: g\nrequires:\n  bins: [skillcheck-no-such-binary-xyz]\n---\nBody.\n' }, args: ['--no-gating'] },
      ],
    },
    messages: {
      // Which block the runtime reads (OpenClaw: metadata.openclaw.requires; IronClaw: top-level requires).
      topLevelRequires: 'top-level "requires" is IronClaw\'s gating key; openclaw reads only "metadata.openclaw.requires", so this gates nothing there. Move it under metadata.openclaw',
      topLevelRequiresBoth:
        'top-level "requires" is IronClaw\'s gating key; openclaw reads only "metadata.openclaw.requires", so this gates nothing there. Move it under metadata.openclaw (both are set: openclaw uses the metadata one)',
      legacyBoth: 'both top-level "requires" and legacy "metadata.openclaw.requires" are set; newer IronClaw reads the top-level one and ignores the legacy key. Keep one',
      // The shape of the block.
      notMapping: '"{{name}}" is {{type}}; expected a mapping with {{keys}}',
      // OpenClaw ignores a requires that is not a mapping: the skill loads with nothing checked.
      notMappingIgnored:
        '"{{name}}" is {{type}}, so it gates nothing: openclaw reads requirements only from a mapping with {{keys}} and loads the skill with none checked. Write it as a mapping, e.g. bins: [tool]',
      unknownKey: '"{{name}}.{{key}}" is not a gating key {{target}} reads, so it gates nothing; {{target}} reads {{keys}}',
      unknownKeyGuess: '"{{name}}.{{key}}" is not a gating key {{target}} reads, so it gates nothing; did you mean {{guess}}?',
      notList: '"{{name}}.{{key}}" is {{type}}; expected a list of strings, e.g. {{key}}: [{{example}}]',
      listEntries: '"{{name}}.{{key}}" is a list with non-string entries; expected a list of strings, e.g. {{key}}: [{{example}}]',
      notCommand: '{{key}} entry {{entry}} is not a command name; give the bare name looked up on PATH (no "/")',
      configDotPath:
        'config {{config}} looks like an OpenClaw dot-path (a key in the OpenClaw config), but ironclaw reads each config entry as a file path that must exist (no "~" expansion), so the skill is skipped unless a file named {{config}} exists. Use a file path for IronClaw',
      configFilePath:
        'config {{config}} looks like a file path (IronClaw\'s kind), but openclaw reads each config entry as a dot-path in its config file that must be truthy (e.g. "browser.enabled"), so this never matches. Use a dot-path for OpenClaw',
      // OpenClaw's os list.
      osType: '"{{path}}" is {{type}}; expected a list of platforms, e.g. os: ["darwin", "linux"]',
      osUnknown: 'os {{os}} is not a platform openclaw knows ({{platforms}})',
      osUnknownGuess: 'os {{os}} is not a platform openclaw knows ({{platforms}}); did you mean {{guess}}?',
      osInRequires: '"{{name}}.os" gates nothing: openclaw reads os only from {{osPath}}. Move it up one level',
      // Machine-dependent (looked up on this machine or in the given OpenClaw config; --no-gating turns them off).
      osSkipped: 'on this machine ({{platform}}), OpenClaw skips the skill: "os" allows only {{allowed}} (machine-dependent: --no-gating)',
      binMissing: 'on this machine, {{bin}} is not on PATH; {{runtime}} skips the skill where a required bin is missing (machine-dependent: --no-gating)',
      anyBinsMissing: 'on this machine, none of {{bins}} is on PATH; {{runtime}} needs at least one (machine-dependent: --no-gating)',
      // state: "unset", or "empty" where the runtime counts a blank value as unset.
      envIronClaw: 'on this machine, environment variable {{env}} is {{state}}; IronClaw skips the skill (it must be set, even empty) (machine-dependent: --no-gating)',
      envOpenClaw: 'on this machine, environment variable {{env}} is {{state}}; OpenClaw skips the skill (it must be non-empty) (machine-dependent: --no-gating)',
      configMissing: 'on this machine, config path {{config}} does not exist (IronClaw does not expand "~"); the skill is skipped (machine-dependent: --no-gating)',
      configUnread:
        'config {{config}} is a dot-path in the OpenClaw config file, which skillcheck has not read; OpenClaw skips the skill unless it is truthy there. Pass --openclaw-config FILE to check it (machine-dependent)',
      configNotSet: 'config {{config}} is not set in the given OpenClaw config; OpenClaw skips the skill (machine-dependent: --no-gating)',
      configFalsy: 'config {{config}} is {{value}} (falsy) in the given OpenClaw config; OpenClaw skips the skill (machine-dependent: --no-gating)',
    },
  },
  checkSkill(ctx) {
    const kind = ctx.profile.gating;
    if (!kind) return;
    const block = requiresBlock(ctx, kind);
    checkOs(ctx, kind, block);
    if (!block || block.value === null) return;
    const loc = ctx.locate(block.path);
    const name = block.path.join('.');
    if (typeof block.value !== 'object' || Array.isArray(block.value)) {
      // A runtime that ignores it (OpenClaw: profile gatingFacts) loads the skill with nothing checked; an empty
      // list means just that.
      if (ctx.profile.gatingFacts?.ignoresNonMappingRequires) {
        if (Array.isArray(block.value) && block.value.length === 0) return;
        ctx.report({ offset: loc?.start, endOffset: loc?.end, severity: 'warning', messageId: 'notMappingIgnored', data: { name, type: typeName(block.value), keys: listKeys(ctx).join(', ') } });
        return;
      }
      ctx.report({ offset: loc?.start, endOffset: loc?.end, rejects: true, messageId: 'notMapping', data: { name, type: typeName(block.value), keys: listKeys(ctx).join(', ') } });
      return;
    }
    const req = block.value as Record<string, unknown>;
    const lists: Record<string, string[]> = {};
    for (const [key, v] of Object.entries(req)) {
      const kLoc = ctx.locate([...block.path, key]);
      if (key === 'os' && kind === 'openclaw' && block.path[0] === 'metadata') {
        // resolveOpenClawManifestOs reads `os` from the metadata block itself, never from its requires.
        ctx.report({ offset: kLoc?.start, endOffset: kLoc?.end, severity: 'warning', messageId: 'osInRequires', data: { name, osPath: quote(`metadata.${block.path[1]}.os`) } });
        continue;
      }
      if (!listKeys(ctx).includes(key)) {
        // The runtime ignores other keys: a likely typo is a warning, anything else (e.g. `mcp`) only info.
        const guess = didYouMean(key, listKeys(ctx));
        ctx.report({
          offset: kLoc?.start,
          endOffset: kLoc?.end,
          severity: guess ? 'warning' : 'info',
          ...(guess
            ? { messageId: 'unknownKeyGuess', data: { name, key, target: kind, guess: quote(guess) } }
            : { messageId: 'unknownKey', data: { name, key, target: kind, keys: listKeys(ctx).join(', ') } }),
        });
        continue;
      }
      if (v === null) continue;
      // OpenClaw splits a string at commas ("sh, git" is two bins).
      if (ctx.profile.gatingFacts?.splitsCommaStrings && typeof v === 'string') {
        lists[key] = v.split(',').map((s) => s.trim()).filter((s) => s !== '');
        continue;
      }
      if (!Array.isArray(v) || v.some((e) => typeof e !== 'string')) {
        ctx.report({
          offset: kLoc?.start,
          endOffset: kLoc?.end,
          rejects: true,
          ...(Array.isArray(v)
            ? { messageId: 'listEntries', data: { name, key, example: quote(String(v[0])) } }
            : { messageId: 'notList', data: { name, key, type: typeName(v), example: quote(String(v)) } }),
        });
        continue;
      }
      lists[key] = v as string[];
      if (key === 'bins' || key === 'anyBins') {
        v.forEach((b: string, i: number) => {
          if (b.includes('/') || b.trim() === '') {
            const eLoc = ctx.locate([...block.path, key, i]);
            ctx.report({ offset: eLoc?.start, endOffset: eLoc?.end, rejects: true, messageId: 'notCommand', data: { key, entry: quote(b) } });
          }
        });
      }
    }
    configKindHints(ctx, kind, block.path, lists.config ?? []);
    if (!ctx.gating) return;
    // OpenClaw: `always: true` loads the skill without checking its requirements.
    if (kind === 'openclaw' && metadataBlock(ctx.data, ctx.profile.gatingFacts?.metadataKeys ?? [])?.value.always === true) return;
    const md = { severity: 'warning' as const, machineDependent: true, rejects: true };
    const runtime = kind === 'ironclaw' ? 'IronClaw' : 'OpenClaw';
    (lists.bins ?? []).forEach((b, i) => {
      // A path or a blank entry already got notCommand: one finding for one cause.
      if (b.includes('/') || b.trim() === '' || ctx.host.which(b)) return;
      const l = ctx.locate([...block.path, 'bins', i]) ?? ctx.locate([...block.path, 'bins']);
      ctx.report({ ...md, offset: l?.start, endOffset: l?.end, messageId: 'binMissing', data: { bin: quote(b), runtime } });
    });
    if (lists.anyBins && lists.anyBins.length > 0 && !lists.anyBins.some((b) => ctx.host.which(b))) {
      const l = ctx.locate([...block.path, 'anyBins']);
      ctx.report({ ...md, offset: l?.start, endOffset: l?.end, messageId: 'anyBinsMissing', data: { bins: lists.anyBins.map((b) => quote(b)).join(', '), runtime } });
    }
    (lists.env ?? []).forEach((e, i) => {
      const val = ctx.host.env(e);
      // OpenClaw: a value of only whitespace counts as unset.
      const unmet = ctx.profile.gatingFacts?.blankEnvIsUnset ? !val || val.trim() === '' : val === undefined;
      if (!unmet) return;
      const l = ctx.locate([...block.path, 'env', i]);
      ctx.report({ ...md, offset: l?.start, endOffset: l?.end, messageId: kind === 'ironclaw' ? 'envIronClaw' : 'envOpenClaw', data: { env: quote(e), state: val === undefined ? 'unset' : 'empty' } });
    });
    if (kind === 'openclaw') {
      const conf = ctx.options.openclawConfig as Record<string, unknown> | undefined;
      (lists.config ?? []).forEach((c, i) => {
        const l = ctx.locate([...block.path, 'config', i]);
        if (conf === undefined || conf === null) {
          ctx.report({
            offset: l?.start,
            endOffset: l?.end,
            severity: 'info',
            machineDependent: true,
            messageId: 'configUnread',
            data: { config: quote(c) },
          });
          return;
        }
        const found = dotPath(conf, c);
        const defaults = ctx.profile.gatingFacts?.configDefaults ?? {};
        // isConfigPathTruthyWithDefaults: a path the config does not set takes OpenClaw's default.
        const v = !found.found && Object.prototype.hasOwnProperty.call(defaults, c) ? { found: true, value: defaults[c] } : found;
        if (v.found && !!v.value) return;
        ctx.report({ ...md, offset: l?.start, endOffset: l?.end, ...(v.found ? { messageId: 'configFalsy', data: { config: quote(c), value: JSON.stringify(v.value) } } : { messageId: 'configNotSet', data: { config: quote(c) } }) });
      });
    }
    if (kind === 'ironclaw') {
      (lists.config ?? []).forEach((c, i) => {
        if (ctx.host.exists(c)) return;
        const l = ctx.locate([...block.path, 'config', i]);
        ctx.report({ ...md, offset: l?.start, endOffset: l?.end, messageId: 'configMissing', data: { config: quote(c) } });
      });
    }
  },
});
