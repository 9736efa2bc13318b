// Generated documentation: the header block of each rules/<id>.md page, the rules index (docs/rules.md), the
// targets table with each profile's sources (docs/targets.md) and the config JSON Schema, all from rule metadata and
// the target profiles. `npm run docs` rewrites them; test/docs.test.ts fails when one is stale.

import { PRESET_NAMES } from '../core/policy/data.js';
import type { RuleMeta } from '../core/rule.js';
import { getProfile, TARGET_IDS } from './profiles.js';
import { TRUST_LEVELS } from '../core/trust.js';

export const HEADER_START = '<!-- generated:header:start (npm run docs) -->';
export const HEADER_END = '<!-- generated:header:end -->';
export const RULES_START = '<!-- rules:start -->';
export const RULES_END = '<!-- rules:end -->';

function cell(s: string): string {
  return s.replace(/\|/g, '\\|');
}

/** The generated header table of a rule page. */
export function ruleHeader(meta: RuleMeta): string {
  const rows = [
    '| id | default severity | confidence | category | fixable | since |',
    '|---|---|---|---|---|---|',
    `| \`${meta.id}\` | ${meta.severity} | ${meta.confidence} | ${meta.category} | ${meta.fixable ? 'yes' : 'no'} | ${meta.since} |`,
    '',
    `${cell(meta.description)}.${meta.machineDependent ? ' Machine-dependent: `--no-gating` turns it off.' : ''}`,
    '',
    `Configure: \`"rules": { "${meta.id}": "off" | "info" | "warning" | "error" }\` in the config file, or \`--severity ${meta.id}=LEVEL\`.`,
  ];
  return `${HEADER_START}\n${rows.join('\n')}\n${HEADER_END}`;
}

/**
 * Replace the header block of a page. A page without markers gets them around its first table under the H1
 * (the hand-written header it replaces), or right after the H1 when it has no table.
 */
export function rewritePage(md: string, meta: RuleMeta): string {
  const header = ruleHeader(meta);
  const s = md.indexOf(HEADER_START);
  const e = md.indexOf(HEADER_END);
  if (s !== -1 && e > s) return md.slice(0, s) + header + md.slice(e + HEADER_END.length);
  const lines = md.split('\n');
  const h1 = lines.findIndex((l) => l.startsWith('# '));
  const firstSection = lines.findIndex((l, i) => i > h1 && l.startsWith('## '));
  const limit = firstSection === -1 ? lines.length : firstSection;
  const tStart = lines.findIndex((l, i) => i > h1 && i < limit && l.startsWith('|'));
  if (tStart === -1) {
    lines.splice(h1 + 1, 0, '', header);
    return lines.join('\n');
  }
  let tEnd = tStart;
  while (tEnd < lines.length && lines[tEnd]!.startsWith('|')) tEnd++;
  lines.splice(tStart, tEnd - tStart, header);
  return lines.join('\n');
}

/** The rules index table between the markers (docs/rules.md): each id links to its page. */
export function rulesTable(metas: readonly RuleMeta[]): string {
  const rows = ['| id | default | what it catches |', '|---|---|---|', ...metas.map((m) => `| [\`${m.id}\`](../rules/${m.id}.md) | ${m.severity} | ${cell(m.description)} |`)];
  return `${RULES_START}\n${rows.join('\n')}\n${RULES_END}`;
}

const TARGETS_START = '<!-- targets:start (generated from src/targets/profiles.ts by npm run docs) -->';
const TARGETS_END = '<!-- targets:end -->';

/** The targets table (docs/targets.md), one row per profile, naming the runtime version each was checked against,
 *  then each profile's cited sources. */
function targetsTable(): string {
  const rows = [
    '| target | runtime | checked against | layout | name / description | facts modelled |',
    '|---|---|---|---|---|---|',
    ...TARGET_IDS.map((id) => {
      const p = getProfile(id);
      const checked = p.checkedAgainst ? `\`${p.checkedAgainst}\` (\`npm run conformance\`)` : 'documentation';
      return `| \`${id}\` | ${cell(p.title)} | ${cell(checked)} | ${cell(p.docs.layout)} | ${cell(p.docs.naming)} | ${cell(p.docs.facts)} |`;
    }),
    '',
    'Sources of each profile (`src/targets/<id>/profile.ts`, field `sources`):',
    '',
    ...TARGET_IDS.map((id) => `- \`${id}\`: ${getProfile(id).sources.join('; ')}`),
  ];
  return `${TARGETS_START}\n${rows.join('\n')}\n${TARGETS_END}`;
}

function replaceBlock(text: string, start: string, end: string, block: string, what: string): string {
  const s = text.indexOf(start);
  const e = text.indexOf(end);
  if (s === -1 || e < s) throw new Error(`the page has no ${what} markers`);
  return text.slice(0, s) + block + text.slice(e + end.length);
}

/** docs/rules.md with its rules table regenerated. */
export function rewriteRulesIndex(page: string, metas: readonly RuleMeta[]): string {
  return replaceBlock(page, RULES_START, RULES_END, rulesTable(metas), 'rules:start/rules:end');
}

/** docs/targets.md with its targets table and sources regenerated. */
export function rewriteTargetsPage(page: string): string {
  return replaceBlock(page, TARGETS_START, TARGETS_END, targetsTable(), 'targets:start/targets:end');
}

const SEVERITY = { enum: ['off', 'info', 'warning', 'error'] };

/** JSON Schema (draft-07) of the config file, with every rule id for editor completion. */
export function configSchema(metas: readonly RuleMeta[], presets: readonly string[] = []): Record<string, unknown> {
  const ruleSetting = (m: RuleMeta) => ({
    description: `${m.description} (default ${m.severity}). See rules/${m.id}.md`,
    oneOf: [
      SEVERITY,
      {
        type: 'object',
        properties: { severity: SEVERITY, options: m.schema ? { ...m.schema, description: `Options of ${m.id} (see rules/${m.id}.md).` } : { type: 'object', description: 'Rule options (see the rule page).' } },
        additionalProperties: false,
      },
    ],
  });
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'https://github.com/skillcheck/skillcheck/blob/main/schemas/config.schema.json',
    title: 'skillcheck configuration',
    description: 'skillcheck.config.json, .skillcheckrc.json or .skillcheckrc.yaml. Generated by `npm run docs` from rule metadata.',
    type: 'object',
    additionalProperties: false,
    properties: {
      $schema: { type: 'string', description: 'This schema, for editor completion.' },
      rules: {
        type: 'object',
        description: 'Severity per rule (off|info|warning|error), or { severity, options }.',
        properties: Object.fromEntries(metas.map((m) => [m.id, ruleSetting(m)])),
        additionalProperties: false,
      },
      ignore: {
        type: 'array',
        description: 'Skill files to leave out: globs relative to this file (`**`, `*`, `?`); a folder pattern covers everything below it.',
        items: { type: 'string', minLength: 1 },
      },
      targets: {
        description: 'auto, or a list of targets (same as --target).',
        oneOf: [{ const: 'auto' }, { type: 'array', items: { enum: [...TARGET_IDS] }, minItems: 1, uniqueItems: true }],
      },
      trust: {
        type: 'array',
        description: 'Trust mapping, first match wins, before the built-in location rules: { path: glob, level }.',
        items: {
          type: 'object',
          properties: { path: { type: 'string', minLength: 1 }, level: { enum: [...TRUST_LEVELS] } },
          required: ['path', 'level'],
          additionalProperties: false,
        },
      },
      policy: {
        type: 'object',
        description: 'Read-only tool set for installed skills: a list of tool names, or a preset.',
        properties: {
          readOnlyTools: { type: 'array', items: { type: 'string', minLength: 1 }, uniqueItems: true },
          preset: presets.length > 0 ? { enum: [...presets] } : { type: 'string', minLength: 1 },
        },
        additionalProperties: false,
      },
      persona: { enum: ['default', 'auditor'], description: 'default hides low-confidence findings; auditor shows all.' },
      maxBytes: { type: 'integer', minimum: 1, description: 'Bytes read per file at most (never below a target limit), as --max-bytes.' },
      gating: { type: 'boolean', description: 'Machine-dependent gating checks (false = --no-gating).' },
      root: { type: 'boolean', description: 'Accepted for ESLint habits: the search stops at the first config file found anyway (configs do not cascade), at a .git folder, or at /.' },
      noInlineConfig: { type: 'boolean', description: "Ignore the skills' own skillcheck-disable directives (true = --no-inline-config; they are always ignored for skills below trusted and with the auditor persona)." },
    },
  };
}

/** Names of the read-only tool presets (the policy data). */
export async function schemaPresets(): Promise<string[]> {
  return [...PRESET_NAMES];
}
