// Names typosquatters imitate, as data: published skill names, and the package, product and tool words skill
// names are built from. The typosquat rule (rules/typosquat.ts) flags a name one typing slip away from one of
// these. Extend the lists here; each entry is lowercase.

/** Skill names published by runtime vendors and in widely installed collections. */
export const WELL_KNOWN_SKILLS: readonly string[] = [
  'pdf', 'docx', 'xlsx', 'pptx', 'skill-creator', 'mcp-builder', 'webapp-testing', 'canvas-design', 'algorithmic-art',
  'brand-guidelines', 'frontend-design', 'internal-comms', 'slack-gif-creator', 'theme-factory', 'web-artifacts-builder',
  'artifacts-builder', 'doc-coauthoring', 'template-skill', 'code-review', 'systematic-debugging', 'test-driven-development',
  'brainstorming', 'writing-plans', 'executing-plans', 'using-git-worktrees', 'github', 'weather', 'summarize',
];

/** Words skill names are made of that a typo-squatter would imitate (packages, products, formats). */
export const WELL_KNOWN_WORDS: readonly string[] = [
  'requests', 'numpy', 'pandas', 'django', 'flask', 'fastapi', 'pytest', 'react', 'express', 'lodash', 'axios',
  'webpack', 'typescript', 'javascript', 'python', 'docker', 'kubernetes', 'github', 'gitlab', 'postgres', 'postgresql',
  'mysql', 'redis', 'mongodb', 'sqlite', 'openai', 'anthropic', 'claude', 'stripe', 'slack', 'notion', 'jira',
  'confluence', 'playwright', 'puppeteer', 'selenium', 'terraform', 'ansible', 'prettier', 'eslint', 'black', 'ruff',
  'flake8', 'jupyter', 'matplotlib', 'tensorflow', 'pytorch', 'scikit', 'boto3', 'azure', 'google', 'youtube',
  'twitter', 'reddit', 'discord', 'telegram', 'whatsapp', 'spotify', 'gmail', 'calendar', 'browser', 'chrome',
  'firefox', 'parser', 'helper', 'formatter', 'converter', 'webapp', 'testing', 'markdown', 'excel', 'powerpoint',
  'metamask', 'phantom', 'solana', 'ethereum', 'bitcoin', 'wallet', 'coinbase', 'binance', 'polymarket', 'clawhub',
  'openclaw', 'authenticator', 'security', 'scanner', 'linter', 'builder', 'creator', 'generator', 'manager',
  'monitor', 'tracker', 'checker', 'reporter', 'analyzer', 'validator', 'installer', 'updater', 'downloader',
  'config', 'configuration', 'diagnostics', 'settings', 'utils', 'utilities', 'logger', 'debugger', 'deploy',
  'deployment', 'database', 'analytics', 'dashboard', 'assistant', 'agent', 'workflow', 'automation', 'document',
  'transcribe', 'translator', 'summarizer', 'scraper', 'crawler', 'search', 'research', 'finance', 'trading',
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
