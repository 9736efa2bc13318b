// Names typosquatters imitate, as data: published skill names, and the product words skill names are built from.
// The typosquat rule (rules/typosquat.ts) flags a name one typing slip away from one of these when the skill's own
// text backs it up. Each list says where it comes from; each entry is lowercase. Extend them from a public source,
// never from the names a labeled attack set happens to imitate.

/**
 * Skill names of widely installed public collections, as published:
 * - github.com/anthropics/skills, skills/ at commit 9d2f1ae187231d8199c64b5b762e1bdf2244733d (2026-07-01);
 * - github.com/obra/superpowers, skills/ at commit 44c9b2d6e889982ac18c27d05a19fefe335194e1 (2026-07-28).
 */
export const WELL_KNOWN_SKILLS: readonly string[] = [
  // anthropics/skills
  'algorithmic-art', 'brand-guidelines', 'canvas-design', 'claude-api', 'doc-coauthoring', 'docx', 'frontend-design',
  'internal-comms', 'mcp-builder', 'pdf', 'pptx', 'skill-creator', 'slack-gif-creator', 'theme-factory',
  'web-artifacts-builder', 'webapp-testing', 'xlsx',
  // obra/superpowers
  'brainstorming', 'dispatching-parallel-agents', 'executing-plans', 'finishing-a-development-branch',
  'receiving-code-review', 'requesting-code-review', 'subagent-driven-development', 'systematic-debugging',
  'test-driven-development', 'using-git-worktrees', 'using-superpowers', 'verification-before-completion',
  'writing-plans', 'writing-skills',
];

/**
 * Product words skill names are built from: the services of the Model Context Protocol reference servers, current
 * and archived, as listed in github.com/modelcontextprotocol/servers README.md at commit
 * 76d64c822f5125032f89eb71dbdb94e42b434821 (2026-07-29), and the words of the skill names above (five letters or
 * more).
 */
export const WELL_KNOWN_WORDS: readonly string[] = [
  // modelcontextprotocol/servers README: reference and archived servers
  'everything', 'fetch', 'filesystem', 'memory', 'sequential', 'thinking', 'github', 'gitlab', 'slack', 'sentry',
  'redis', 'postgres', 'postgresql', 'sqlite', 'puppeteer', 'brave', 'everart', 'google', 'gdrive', 'retrieval',
  // words of WELL_KNOWN_SKILLS
  'algorithmic', 'brand', 'guidelines', 'canvas', 'design', 'claude', 'coauthoring', 'frontend', 'internal', 'comms',
  'builder', 'skill', 'creator', 'theme', 'factory', 'artifacts', 'webapp', 'testing', 'brainstorming', 'dispatching',
  'parallel', 'agents', 'executing', 'plans', 'finishing', 'development', 'branch', 'receiving', 'review',
  'requesting', 'subagent', 'driven', 'systematic', 'debugging', 'superpowers', 'verification', 'completion',
  'writing', 'skills', 'worktrees',
];

/** npm scopes MCP servers are published under by their vendors (without "@"). A server package whose scope is one
 *  typing slip from one of these (@modelcontextprotcol, @anthropc) imitates it. */
export const WELL_KNOWN_MCP_SCOPES: readonly string[] = [
  'modelcontextprotocol', 'anthropic-ai', 'anthropic', 'playwright', 'upstash', 'supabase', 'cloudflare',
  'browserbasehq', 'notionhq', 'stripe', 'sentry', 'azure', 'microsoft', 'google', 'googlemaps', 'vercel', 'github',
  'pulumi', 'heroku', 'neondatabase', 'mongodb-js', 'elastic', 'hubspot', 'atlassian', 'shopify', 'twilio-alpha',
  'auth0', 'zapier', 'grafana', 'executeautomation', 'wonderwhy-er', 'smithery', 'tavily', 'perplexity-ai',
  'brave', 'exa-labs', 'firecrawl', 'linear', 'figma', 'gitlab-org', 'datadog', 'redis', 'prisma', 'netlify',
];

/** MCP server package names (npm without scope, and PyPI names run with uvx) that are widely installed. */
export const WELL_KNOWN_MCP_PACKAGES: readonly string[] = [
  'server-memory', 'server-filesystem', 'server-github', 'server-gitlab', 'server-fetch', 'server-everything',
  'server-sequential-thinking', 'server-puppeteer', 'server-postgres', 'server-sqlite', 'server-brave-search',
  'server-slack', 'server-gdrive', 'server-google-maps', 'server-git', 'server-time', 'server-redis',
  'server-sentry', 'server-aws-kb-retrieval', 'server-everart', 'mcp-remote', 'context7-mcp', 'mcp-server-fetch',
  'mcp-server-git', 'mcp-server-time', 'mcp-server-sqlite', 'mcp-server-kubernetes', 'firecrawl-mcp',
  'server-perplexity-ask', 'mcp-server-playwright', 'desktop-commander', 'notion-mcp-server', 'mcp-atlassian',
  'supabase-mcp-server', 'browser-tools-mcp', 'tavily-mcp', 'exa-mcp-server', 'figma-developer-mcp',
];
