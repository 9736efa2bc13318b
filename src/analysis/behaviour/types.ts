// The behaviour model's vocabulary: where a step happens, what flows (a taint), and the chains rules report.

import type { SourceText } from '../../core/source.js';

/** A stretch of one file: `file` undefined is the skill file itself. */
export interface Where {
  file?: string;
  source?: SourceText;
  start: number;
  end: number;
}

export interface Step {
  at: Where;
  /** What happens here, in a few words ("reads ~/.ssh/id_rsa", "posts it to collector.test"). */
  what: string;
  /** The credential store or browser file this step reads, when it reads one (its path as written). */
  store?: string;
}

export type TaintKind = 'download' | 'secret' | 'env' | 'literal' | 'socket';

/** What a value, a stream or a file holds, and the steps that put it there. */
export interface Taint {
  kind: TaintKind;
  steps: Step[];
  /** download: the URL; secret: the path or variable; literal: the text; socket: the host a descriptor connects to
   *  (what the peer sends). */
  what: string;
  /** A secret read from an environment variable: its name (for the own-service test). */
  envName?: string;
  /** secret: a service's own token printed by its CLI (`gh auth token`): the service's domains ("github.com"); sent
   *  to a host in one of them it authenticates. */
  owner?: string[];
  /** secret: the one setting picked by name out of a dotenv file (`grep '^TELEGRAM_BOT_TOKEN=' .env`): its name, for
   *  the own-service test; the taint stays a credential file's content otherwise. */
  setting?: string;
  /** secret: data that often holds secrets but is not one by itself (the clipboard): sent out, a warning. */
  weak?: boolean;
  /** literal: the decoder that produced it (base64, base32, hex, rot13…), when it was decoded. */
  decoder?: string;
  /** secret: the file's path written as a word, not yet read: a command that reads the file gets its content, but
   *  the path itself in a URL (`https://target/$f` for f in .env …) sends only the name. */
  asPath?: boolean;
  /** secret, env: hidden inside something that looks like other data (an image's pixels or metadata, invisible
   *  characters in text): whoever receives that carrier gets the secret without anyone seeing it go. */
  hiddenIn?: string;
}

export type BehaviourRule = 'remote-exec' | 'exfiltration' | 'reverse-shell' | 'persistence' | 'privilege-change' | 'encoded-payload' | 'mcp-server';

export interface Chain {
  rule: BehaviourRule;
  /** Short class name, e.g. "download-run", "secret-sent", "reverse-shell". */
  kind: string;
  severity: 'error' | 'warning' | 'info';
  confidence: 'high' | 'medium' | 'low';
  /** Source → steps → sink, in order; the last step is where the finding is reported. */
  steps: Step[];
  /** What the runtime then does, for the message. */
  impact: string;
  fix: string;
  /**
   * What the chain was before words around it lowered it (a negation, a "# BAD:" comment). Those words are the
   * skill's own text, which an attacker writes: they lower a chain only in a skill at the highest trust.
   */
  lowered?: { severity: 'error' | 'warning' | 'info'; confidence: 'high' | 'medium' | 'low' };
}

export type Lang = 'shell' | 'python' | 'javascript' | 'ruby' | 'perl' | 'php' | 'powershell';

/** One piece of code of the skill, with where its offsets point. */
export interface Snippet {
  /** The whole text the offsets index (a file's normalized text, or a rebuilt MCP command line). */
  text: string;
  start: number;
  end: number;
  lang: Lang;
  /** Maps an offset of `text` to a place in a file. */
  place(start: number, end: number): Where;
  /** A command line in running prose (a command may start at any word). */
  prose?: boolean;
  /** Prose whose command starts inside an inline code span (`` `cmd …` ``): where that span ends in `text`. The words
   *  after it are the sentence around the command, not its arguments. */
  spanEnd?: number;
  /** The text around it warns against what it shows ("never run …"): findings drop to info. */
  negated?: boolean;
  /** Prose whose sentence says the command's output is not to be shown ("without printing it", "in a process that
   *  does not echo its output"): a secret it reads is not shown where the agent reads it (that chain drops to info). */
  unprinted?: boolean;
  /** A command a program runs and whose output the program takes (`subprocess.check_output`, `subprocess.run(…,
   *  capture_output=True)`, `execSync`): what it prints goes to the program, not where the agent reads it. */
  captured?: boolean;
  /** Told what each top-level pipeline of a captured command prints (its flow: a secret it reads, a download), so
   *  the program's variable that takes the output holds it. */
  onOutput?: (t: Taint) => void;
  /** The code was hidden: decoded from an encoded literal, or its command name built at run time. */
  hidden?: boolean;
  /** How the code comes to run, when that is itself a step ("runs when the folder is opened in VS Code"). */
  trigger?: string;
}
