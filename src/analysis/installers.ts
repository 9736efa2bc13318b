// OpenClaw's installer specs: `metadata.openclaw.install` (or the legacy `metadata.clawdbot`), a list of what the
// gateway and the macOS Skills UI install for a skill's dependencies: a Homebrew formula, an npm package (`node`), a
// Python package (`uv`), a Go module, or a file from a URL (`download`, with an optional `sha256` checked before the
// file is installed). OpenClaw's parseInstallSpec (frontmatter module) reads `kind` (or `type`), `package`,
// `module`, `formula`/`cask`, `url` (http or https only), `sha256` (64 hex digits) and drops an entry that lacks the
// field its kind needs. Pure: reads the parsed frontmatter.

export interface InstallerSpec {
  /** The metadata key the block is under (openclaw, clawdbot). */
  key: string;
  index: number;
  kind: 'brew' | 'node' | 'go' | 'uv' | 'download';
  /** The field that names what is installed (package, module, formula, url) and its value. */
  field: string;
  value: string;
  /** download: the digest given, when it is one OpenClaw accepts. */
  sha256?: string;
}

const KINDS = new Set(['brew', 'node', 'go', 'uv', 'download']);
const FIELD: Record<InstallerSpec['kind'], string[]> = { brew: ['formula', 'cask'], node: ['package'], uv: ['package'], go: ['module'], download: ['url'] };

/** The installer specs of a skill's frontmatter, in order, for the metadata keys `keys` (the first present wins, as
 *  OpenClaw reads them). */
export function installerSpecs(data: Record<string, unknown> | null, keys: readonly string[]): InstallerSpec[] {
  const meta = data?.metadata;
  if (!meta || typeof meta !== 'object' || Array.isArray(meta)) return [];
  for (const key of keys) {
    const block = (meta as Record<string, unknown>)[key];
    if (!block || typeof block !== 'object' || Array.isArray(block)) continue;
    const list = (block as Record<string, unknown>).install;
    if (!Array.isArray(list)) return [];
    const out: InstallerSpec[] = [];
    list.slice(0, 100).forEach((e, index) => {
      if (!e || typeof e !== 'object' || Array.isArray(e)) return;
      const raw = e as Record<string, unknown>;
      const k = typeof raw.kind === 'string' ? raw.kind : typeof raw.type === 'string' ? raw.type : '';
      const kind = k.trim().toLowerCase();
      if (!KINDS.has(kind)) return;
      const field = FIELD[kind as InstallerSpec['kind']].find((f) => typeof raw[f] === 'string' && (raw[f] as string).trim() !== '');
      if (!field) return;
      const sha = typeof raw.sha256 === 'string' && /^[a-f0-9]{64}$/.test(raw.sha256.trim().toLowerCase()) ? raw.sha256.trim().toLowerCase() : undefined;
      out.push({ key, index, kind: kind as InstallerSpec['kind'], field, value: (raw[field] as string).trim(), ...(sha ? { sha256: sha } : {}) });
    });
    return out;
  }
  return [];
}
