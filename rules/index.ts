// The registry: every built-in rule, in a fixed order. Adding a rule means one import and one entry here.

import type { Rule } from '../src/core/rule.js';
import activationLimits from './activation-limits.js';
import activationPattern from './activation-pattern.js';
import regexRedos from './regex-redos.js';
import description from './description.js';
import duplicateName from './duplicate-name.js';
import emptyBody from './empty-body.js';
import fallback from './fallback.js';
import exfiltration from './exfiltration.js';
import mcpServer from './mcp-server.js';
import encoding from './encoding.js';
import encodedPayload from './encoded-payload.js';
import fileTooLarge from './file-too-large.js';
import frontmatter from './frontmatter.js';
import gating from './gating.js';
import hiddenUnicode from './hidden-unicode.js';
import agentInstruction from './agent-instruction.js';
import injectionPhrase from './injection-phrase.js';
import lineEndings from './line-endings.js';
import looseFile from './loose-file.js';
import lookalike from './lookalike.js';
import name from './name.js';
import notScanned from './not-scanned.js';
import readError from './read-error.js';
import scanLimits from './scan-limits.js';
import reference from './reference.js';
import suppression from './suppression.js';
import remoteExec from './remote-exec.js';
import reverseShell from './reverse-shell.js';
import persistence from './persistence.js';
import privilegeChange from './privilege-change.js';
import cryptoMiner from './crypto-miner.js';
import systemTamper from './system-tamper.js';
import malwareLure from './malware-lure.js';
import typosquat from './typosquat.js';
import unsafeCode from './unsafe-code.js';
import capabilityMismatch from './capability-mismatch.js';
import secret from './secret.js';
import symlink from './symlink.js';
import tagBreakout from './tag-breakout.js';
import tokenBudget from './token-budget.js';
import toolCeiling from './tool-ceiling.js';
import toolSchema from './tool-schema.js';
import triggers from './triggers.js';
import toolCommand from './tool-command.js';
import unknownField from './unknown-field.js';
import version from './version.js';

export const ALL_RULES: readonly Rule[] = [
  fileTooLarge,
  readError,
  symlink,
  encoding,
  lineEndings,
  frontmatter,
  name,
  description,
  version,
  unknownField,
  activationLimits,
  activationPattern,
  regexRedos,
  tokenBudget,
  emptyBody,
  gating,
  duplicateName,
  scanLimits,
  suppression,
  tagBreakout,
  toolCeiling,
  looseFile,
  fallback,
  triggers,
  toolSchema,
  // Security rules: pattern packs in rules/packs/, code rules where patterns cannot express the check.
  hiddenUnicode,
  lookalike,
  remoteExec,
  toolCommand,
  secret,
  exfiltration,
  mcpServer,
  // Attack classes seen in skill malware.
  reverseShell,
  persistence,
  privilegeChange,
  systemTamper,
  cryptoMiner,
  malwareLure,
  typosquat,
  injectionPhrase,
  agentInstruction,
  encodedPayload,
  unsafeCode,
  capabilityMismatch,
  reference,
  notScanned,
];
