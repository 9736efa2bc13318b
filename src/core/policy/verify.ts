// Loading a policy document: check its shape, recompute its digest from the inputs it carries exactly as
// buildPolicy computes it, and recompute the decision from those inputs. A document whose digest or decision
// does not follow from its inputs (an allowlist edited by hand, a tool moved from denied to allowed, a skill
// dropped) is refused with a PolicyDigestError. Every loader (createToolGate, the hook) goes through here.
//
// The digest is an integrity check, not a signature: whoever can write the document can recompute it. Pin the
// expected digest where the document's reader is configured (`expectDigest`, the hook's `--digest`) to refuse a
// consistently rewritten document too.

import { TRUST_LEVELS, isTrust } from '../trust.js';
import type { Trust } from '../types.js';
import { CEILINGS, type Ceiling } from './data.js';
import { attenuateTools, policyDigest, type Attenuation, type PolicySkill, type ToolPolicy } from './tools.js';

/** Why a document was refused. */
export type PolicyIntegrityCode =
  /** The recomputed digest differs from `policyDigest`. */
  | 'digest-mismatch'
  /** The digest matches, but `allowedTools`/`deniedTools`/`effectiveTrust`/`ceiling` do not follow from the inputs. */
  | 'decision-mismatch'
  /** The document's digest is not the one pinned by the reader (`expectDigest`). */
  | 'digest-not-pinned'
  /** A field the digest needs is missing or malformed, so the digest cannot be recomputed. */
  | 'unverifiable';

/** A policy document that does not verify. `code` says which check failed. */
export class PolicyDigestError extends Error {
  override readonly name = 'PolicyDigestError';
  constructor(
    readonly code: PolicyIntegrityCode,
    message: string,
    /** The digest the document states (empty when it has none). */
    readonly stated: string = '',
    /** The digest recomputed from the document's inputs, or the pinned one for `digest-not-pinned`. */
    readonly expected: string = '',
  ) {
    super(message);
  }
}

export interface VerifyOptions {
  /** Refuse the document unless its (verified) digest is exactly this one. */
  expectDigest?: string;
}

/** A document that verified: its inputs and the decision recomputed from them. */
export interface VerifiedPolicy {
  tools: string[];
  skills: PolicySkill[];
  policy: ToolPolicy;
  decision: Attenuation;
  policyDigest: string;
}

const DIGEST = /^sha256:[0-9a-f]{64}$/;

function stringList(v: unknown): v is string[] {
  return Array.isArray(v) && v.every((x) => typeof x === 'string');
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const sa = new Set(a);
  return sa.size === new Set(b).size && b.every((x) => sa.has(x)) && a.length === sa.size;
}

function unverifiable(what: string, stated: string): PolicyDigestError {
  return new PolicyDigestError('unverifiable', `policy document: ${what}; its digest cannot be recomputed, so it is refused`, stated);
}

function readSkills(v: unknown, stated: string): PolicySkill[] {
  if (!Array.isArray(v)) throw unverifiable('"skills" is not a list', stated);
  return v.map((s: unknown, i) => {
    const o = s as Record<string, unknown> | null;
    if (!o || typeof o !== 'object' || !(o.name === null || typeof o.name === 'string') || !isTrust(o.trust) || typeof o.file !== 'string') {
      throw unverifiable(`skills[${i}] is not { name: string | null, trust: ${TRUST_LEVELS.join(' | ')}, file: string }`, stated);
    }
    return { name: o.name, trust: o.trust, file: o.file };
  });
}

function readCeilings(v: unknown, stated: string): Partial<Record<Trust, Ceiling>> | undefined {
  if (v === undefined) return undefined; // documents before the field: the shipped ceilings
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw unverifiable('"ceilings" is not an object', stated);
  const out: Partial<Record<Trust, Ceiling>> = {};
  for (const [level, c] of Object.entries(v as Record<string, unknown>)) {
    if (!isTrust(level) || !CEILINGS.includes(c as Ceiling)) throw unverifiable(`"ceilings" has ${JSON.stringify(level)}: ${JSON.stringify(c)}`, stated);
    out[level] = c as Ceiling;
  }
  return out;
}

/**
 * Verify a policy document (`skillcheck policy --format json`, buildPolicy()). Throws a TypeError when the value
 * is not a schemaVersion 1 policy document, and a PolicyDigestError when it is one that does not verify.
 */
export function verifyPolicyDocument(document: unknown, options: VerifyOptions = {}): VerifiedPolicy {
  const doc = document as Record<string, unknown> | null;
  if (!doc || typeof doc !== 'object' || Array.isArray(doc) || doc.schemaVersion !== 1 || !stringList(doc.allowedTools)) {
    throw new TypeError('not a skillcheck policy document (schemaVersion 1 with an allowedTools list)');
  }
  const stated = typeof doc.policyDigest === 'string' ? doc.policyDigest : '';
  if (!DIGEST.test(stated)) throw unverifiable('"policyDigest" is missing or not "sha256:" and 64 hex digits', stated);
  if (!stringList(doc.deniedTools)) throw unverifiable('"deniedTools" is not a list of names', stated);
  if (!stringList(doc.readOnlyTools)) throw unverifiable('"readOnlyTools" is not a list of names', stated);
  if (!(doc.preset === undefined || doc.preset === null || typeof doc.preset === 'string')) throw unverifiable('"preset" is not a string or null', stated);
  const skills = readSkills(doc.skills, stated);
  const ceilings = readCeilings(doc.ceilings, stated);
  const tools = [...doc.allowedTools, ...doc.deniedTools];
  const policy: ToolPolicy = { preset: (doc.preset as string | null | undefined) ?? null, readOnlyTools: [...doc.readOnlyTools], ...(ceilings ? { ceilings } : {}) };
  let recomputed: string;
  let decision: Attenuation;
  try {
    recomputed = policyDigest(tools, skills, policy);
    decision = attenuateTools(tools, skills, policy);
  } catch (e) {
    throw unverifiable((e as Error).message, stated);
  }
  if (recomputed !== stated) {
    throw new PolicyDigestError(
      'digest-mismatch',
      `policy document: policyDigest ${stated} does not match its content (recomputed ${recomputed}): the tools, skills, read-only set or ceilings were changed after the policy was built`,
      stated,
      recomputed,
    );
  }
  const wrong: string[] = [];
  if (!sameSet(doc.allowedTools, decision.allowedTools)) wrong.push(`allowedTools should be [${decision.allowedTools.join(', ')}]`);
  if (!sameSet(doc.deniedTools, decision.deniedTools)) wrong.push(`deniedTools should be [${decision.deniedTools.join(', ')}]`);
  if (doc.effectiveTrust !== undefined && doc.effectiveTrust !== decision.effectiveTrust) wrong.push(`effectiveTrust should be ${decision.effectiveTrust}`);
  if (doc.ceiling !== undefined && doc.ceiling !== decision.ceiling) wrong.push(`ceiling should be ${decision.ceiling}`);
  if (wrong.length > 0) {
    throw new PolicyDigestError(
      'decision-mismatch',
      `policy document: the decision does not follow from the inputs its digest covers (${wrong.join('; ')}): it was edited after the policy was built`,
      stated,
      recomputed,
    );
  }
  if (options.expectDigest !== undefined && options.expectDigest !== stated) {
    throw new PolicyDigestError(
      'digest-not-pinned',
      `policy document: its digest ${stated} is not the pinned ${options.expectDigest}: the policy was replaced (rebuild it and update the pin)`,
      stated,
      options.expectDigest,
    );
  }
  return { tools, skills, policy, decision, policyDigest: stated };
}
