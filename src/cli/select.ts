// `skillcheck select "<message>" [paths]`: which skills a runtime would activate for a message, and why the
// others were not (veto, zero score, cap, budget, not loaded). IronClaw by default; Cuca search and Cerveau
// triggers with --target cuca / cerveau.

import type { Io } from './common.js';
import type { LintOptions } from '../node/lint.js';
import { ActivationInputError, selectSkills, type ActivationSkill, type Candidate } from '../targets/ironclaw/activation.js';
import { cerveauTriggers } from '../targets/cerveau/activation.js';
import { cucaSearch } from '../targets/cuca/activation.js';
import { quote, utf8Length, visible } from '../core/text.js';

export interface SelectFlags {
  target?: string;
  format: string;
  limit?: string;
  maxBytes?: string;
  /** A file, false for --no-config, undefined to search upward. */
  config?: string | false;
}

export const SELECT_TARGETS = ['ironclaw', 'cuca', 'cerveau'] as const;

interface Found {
  name: string;
  file: string;
  loads: boolean;
  /** Rules whose findings stop the runtime from loading the skill. */
  rejectedBy: string[];
  frontmatter: Record<string, unknown> | null;
  body: string;
}

export class SelectUsageError extends Error {}

async function findSkills(paths: string[], io: Io, lintTarget: 'ironclaw' | 'auto', configured: Pick<LintOptions, 'ignore' | 'trust' | 'readBound'>): Promise<{ skills: Found[]; missing: string[] }> {
  const { lint } = await import('../node/lint.js');
  const r = await lint({ paths, cwd: io.cwd, targets: lintTarget === 'auto' ? 'auto' : ['ironclaw'], gating: false, ...configured });
  const skills: Found[] = r.inputs.map((input, i) => {
    const summary = r.skills[i]!;
    const rejectedBy = [...new Set(r.diagnostics.filter((d) => d.rejects && d.file === input.file && (d.target ?? input.target) === input.target).map((d) => d.ruleId))];
    return {
      name: input.name ?? input.folderName,
      file: input.file,
      loads: summary.loads,
      rejectedBy,
      frontmatter: input.doc?.frontmatter?.data ?? null,
      body: input.doc?.body ?? '',
    };
  });
  return { skills, missing: r.missing };
}

function breakdown(c: Candidate) {
  return {
    keywords: { points: c.keywords.points, uncapped: c.keywords.uncapped, hits: c.keywords.hits },
    tags: { points: c.tags.points, uncapped: c.tags.uncapped, hits: c.tags.hits },
    patterns: {
      points: c.patterns.points,
      uncapped: c.patterns.uncapped,
      hits: c.patterns.hits,
      notEvaluated: c.patterns.notEvaluated,
      approximate: c.patterns.approximate,
    },
  };
}

function why(c: Candidate & { budgetBefore?: number }, max: number): string {
  switch (c.reason) {
    case 'vetoed':
      return `vetoed: the message contains exclude keyword ${quote(c.vetoedBy ?? '')}`;
    case 'zero-score':
      return 'score 0: no keyword, tag or pattern matched';
    case 'cap':
      return `cap: ${max} skills were already selected`;
    case 'budget':
      return `budget: costs ${c.cost} tokens, ${c.budgetBefore} left`;
    case 'empty-message':
      return 'the message is empty: the runtime selects nothing';
    default:
      return '';
  }
}

function scoreLine(c: Candidate): string {
  const parts: string[] = [];
  const cap = (p: number, u: number) => (u > p ? ` (capped from ${u})` : '');
  parts.push(`keywords ${c.keywords.points}${cap(c.keywords.points, c.keywords.uncapped)}${c.keywords.hits.length ? ` [${c.keywords.hits.map((h) => `${h.keyword} ${h.kind} +${h.points}`).join(', ')}]` : ''}`);
  parts.push(`tags ${c.tags.points}${cap(c.tags.points, c.tags.uncapped)}${c.tags.hits.length ? ` [${c.tags.hits.map((h) => `${h.tag} +${h.points}`).join(', ')}]` : ''}`);
  parts.push(`patterns ${c.patterns.points}${cap(c.patterns.points, c.patterns.uncapped)}${c.patterns.hits.length ? ` [${c.patterns.hits.map((h) => `${quote(h.pattern, 40)} +${h.points}`).join(', ')}]` : ''}`);
  return `score ${c.score} = ${parts.join(' + ')}`;
}

export async function runSelect(message: string, paths: string[], flags: SelectFlags, io: Io): Promise<number> {
  // The config file applies as in a check: ignore, trust, maxBytes; its targets choose the runtime when they name
  // exactly one that select knows.
  const { configuredLintOptions } = await import('./check.js');
  const { config, options } = await configuredLintOptions(flags, io);
  const fromConfig = Array.isArray(config?.data.targets) && config.data.targets.length === 1 && (SELECT_TARGETS as readonly string[]).includes(config.data.targets[0]!) ? config.data.targets[0] : undefined;
  const target = flags.target ?? fromConfig ?? 'ironclaw';
  if (!(SELECT_TARGETS as readonly string[]).includes(target)) throw new SelectUsageError(`select: unknown target "${target}"; expected one of ${SELECT_TARGETS.join(', ')}`);
  const { skills, missing } = await findSkills(paths, io, target === 'ironclaw' ? 'ironclaw' : 'auto', options);
  if (missing.length > 0) {
    for (const m of missing) io.stderr(`skillcheck: path not found: ${visible(m)}\n`);
    return 2;
  }
  if (skills.length === 0) io.stderr('skillcheck: no skills found under the given paths\n');
  const json = flags.format === 'json';
  // Names, keywords, tags and paths come from skills: in text, control characters (ESC, BEL, C1) are shown, never
  // sent to the terminal. JSON escapes them itself.
  const out = (s: string) => io.stdout(json ? s : s.split('\n').map(visible).join('\n'));

  if (target === 'cuca') {
    const limit = flags.limit === undefined ? 5 : Number(flags.limit);
    if (!Number.isInteger(limit) || limit < 0) throw new SelectUsageError(`--limit expects a whole number, got "${flags.limit}"`);
    const pool = skills.map((s) => ({ name: s.name, description: typeof s.frontmatter?.description === 'string' ? s.frontmatter.description : '', instructions: s.body }));
    const hits = cucaSearch(pool, message, limit);
    if (json) out(`${JSON.stringify({ schemaVersion: 1, target, message, limit, selected: hits.map((h) => h.name), candidates: hits }, null, 2)}\n`);
    else {
      out(`cuca search ${quote(message)} (limit ${limit}): ${hits.length} result${hits.length === 1 ? '' : 's'}\n`);
      hits.forEach((h, i) => out(`  ${i + 1}. ${h.name}  score ${h.score}  ${h.terms.map((t) => `${t.term}: name ${t.name}×3, description ${t.description}×2, instructions ${t.instructions}×1`).join('; ')}\n`));
    }
    return 0;
  }
  if (target === 'cerveau') {
    const res = cerveauTriggers(
      skills.map((s) => ({ name: s.name, triggers: Array.isArray(s.frontmatter?.triggers) ? (s.frontmatter!.triggers as unknown[]) : null })),
      message,
    );
    if (json) out(`${JSON.stringify({ schemaVersion: 1, target, message, selected: res.filter((r) => r.loads).map((r) => r.name), candidates: res }, null, 2)}\n`);
    else {
      out(`cerveau triggers for ${quote(message)}\n`);
      for (const r of res) out(`  ${r.loads ? 'loads  ' : 'no     '} ${r.name}${r.matched.length ? `  matched ${r.matched.map((m) => quote(m)).join(', ')}` : ''}\n`);
    }
    return 0;
  }

  const loaded = skills.filter((s) => s.loads);
  const engineSkills: ActivationSkill[] = loaded.map((s) => ({ name: s.name, frontmatter: s.frontmatter, body: s.body }));
  const sel = selectSkills(engineSkills, message);
  const fileOf = new Map(engineSkills.map((s, i) => [s, loaded[i]!.file]));
  const byName = (c: Candidate) => engineSkills.find((s) => s.name === c.name);
  if (json) {
    const doc = {
      schemaVersion: 1,
      target,
      message,
      messageBytes: utf8Length(message),
      maxCandidates: sel.maxCandidates,
      budget: sel.budget,
      selected: sel.selected,
      candidates: [
        ...sel.candidates.map((c) => ({
          name: c.name,
          file: fileOf.get(byName(c)!) ?? null,
          loads: true,
          score: c.score,
          breakdown: breakdown(c),
          vetoedBy: c.vetoedBy,
          selected: c.selected,
          ...(c.reason ? { reason: c.reason } : {}),
          why: c.selected ? `selected: score ${c.score}, costs ${c.cost} of ${c.budgetBefore} tokens left` : why(c, sel.maxCandidates),
          cost: c.cost,
          ...(c.budgetBefore !== undefined ? { budgetBefore: c.budgetBefore } : {}),
        })),
        ...skills
          .filter((s) => !s.loads)
          .map((s) => ({ name: s.name, file: s.file, loads: false, score: 0, breakdown: null, vetoedBy: null, selected: false, reason: 'not-loaded', why: `not loaded: ${s.rejectedBy.join(', ') || 'rejected at load'}`, rejectedBy: s.rejectedBy })),
      ],
    };
    out(`${JSON.stringify(doc, null, 2)}\n`);
    return 0;
  }
  out(`ironclaw selection for ${quote(message)}: at most ${sel.maxCandidates} skills within ${sel.budget} tokens\n`);
  const chosen = sel.candidates.filter((c) => c.selected);
  out(`\nselected (${chosen.length}):\n`);
  chosen.forEach((c, i) => out(`  ${i + 1}. ${c.name}  ${scoreLine(c)}; costs ${c.cost} tokens (${c.budgetBefore} left before)\n`));
  const rest = sel.candidates.filter((c) => !c.selected);
  const notLoaded = skills.filter((s) => !s.loads);
  if (rest.length + notLoaded.length > 0) out('\nnot selected:\n');
  for (const c of rest) out(`  - ${c.name}  ${why(c, sel.maxCandidates)}${c.score > 0 ? `; ${scoreLine(c)}` : ''}\n`);
  for (const s of notLoaded) out(`  - ${s.name}  not loaded: ${s.rejectedBy.join(', ') || 'rejected at load'} (run skillcheck on ${s.file})\n`);
  const approx = [...new Set(sel.candidates.flatMap((c) => c.patterns.approximate))];
  if (approx.includes('unicode-word-boundary')) out('\nnote: a pattern uses \\b next to non-ASCII text; skillcheck evaluates \\b on ASCII word characters, IronClaw on Unicode ones\n');
  const notEval = sel.candidates.flatMap((c) => c.patterns.notEvaluated.map((n) => `${c.name}: ${quote(n.pattern)} (${n.error})`));
  if (notEval.length) out(`\nnote: patterns not evaluated: ${notEval.join('; ')}\n`);
  return 0;
}

export { ActivationInputError };
