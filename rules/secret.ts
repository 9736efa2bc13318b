// secret: credentials in high-confidence formats, masked in the message (pattern pack rules/packs/secret.yaml).

import { packRule } from '../src/analysis/packs.js';

export default packRule({
  id: 'secret',
  description: 'Credentials in high-confidence formats (private key blocks, AWS, GitHub, GitLab, Slack, Stripe, Google, OpenAI, Anthropic, Hugging Face, npm, SendGrid); says which kind and never prints it in full',
  severity: 'error',
  confidence: 'high',
  category: 'security',
  fixable: false,
  since: '0.1.0',
  examples: {
    bad: [{ files: { 'skills/gh/SKILL.md': '---\nname: gh\ndescription: GitHub helper.\n---\nUse GITHUB_TOKEN=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 for the API.\n' } }],
    good: [{ files: { 'skills/gh/SKILL.md': '---\nname: gh\ndescription: GitHub helper.\n---\nRead the token from $GITHUB_TOKEN (for example ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx).\n' } }],
  },
});
