// OpenClaw's installer specs: `metadata.openclaw.install` (or the legacy `metadata.clawdbot`), a list of what the
// gateway and the macOS Skills UI install for a skill's dependencies. Which kinds exist and which field names what
// each installs are the runtime's facts, kept in its profile (src/targets/openclaw/profile.ts gatingFacts
// installerFields, from OpenClaw's parseInstallSpec); this reads a skill's frontmatter with them. An entry whose
// kind is unknown or that lacks the field its kind needs is dropped, as OpenClaw drops it; `sha256` counts when it
// is 64 hex digits. Pure: reads the parsed frontmatter.

export interface InstallerSpec {
  /** The metadata key the block is under (openclaw, clawdbot). */
  key: string;
  index: number;
  kind: string;
  /** The field that names what is installed (package, module, formula, url) and its value. */
  field: string;
  value: string;
  /** download: the digest given, when it is one OpenClaw accepts. */
  sha256?: string;
}

/** What the reader needs from the runtime's profile. */
export interface InstallerFacts {
  metadataKeys: readonly string[];
  installerFields?: Readonly<Record<string, readonly string[]>>;
}

/** The runtime's own block under `metadata`: the first of `keys` that holds a mapping, in the order the runtime
 *  tries them (OpenClaw: `openclaw`, then the legacy `clawdbot`). */
export function metadataBlock(data: Record<string, unknown> | null, keys: readonly string[]): { value: Record<string, unknown>; key: string } | null {
  const meta = data?.metadata;
  if (!meta || typeof meta !== 'object' || Array.isArray(meta)) return null;
  for (const key of keys) {
    const v = (meta as Record<string, unknown>)[key];
    if (v && typeof v === 'object' && !Array.isArray(v)) return { value: v as Record<string, unknown>, key };
  }
  return null;
}

/** The installer specs of a skill's frontmatter, in order. */
export function installerSpecs(data: Record<string, unknown> | null, facts: InstallerFacts): InstallerSpec[] {
  const fields = facts.installerFields;
  const block = fields ? metadataBlock(data, facts.metadataKeys) : null;
  const list = block?.value.install;
  if (!fields || !block || !Array.isArray(list)) return [];
  const out: InstallerSpec[] = [];
  list.slice(0, 100).forEach((e, index) => {
    if (!e || typeof e !== 'object' || Array.isArray(e)) return;
    const raw = e as Record<string, unknown>;
    const kind = (typeof raw.kind === 'string' ? raw.kind : typeof raw.type === 'string' ? raw.type : '').trim().toLowerCase();
    const field = Object.hasOwn(fields, kind) ? fields[kind]!.find((f) => typeof raw[f] === 'string' && (raw[f] as string).trim() !== '') : undefined;
    if (!field) return;
    const sha = typeof raw.sha256 === 'string' && /^[a-f0-9]{64}$/.test(raw.sha256.trim().toLowerCase()) ? raw.sha256.trim().toLowerCase() : undefined;
    out.push({ key: block.key, index, kind, field, value: (raw[field] as string).trim(), ...(sha ? { sha256: sha } : {}) });
  });
  return out;
}
