// secret: RuleTester cases. Every message id of the rule (one per entry of rules/packs/secret.yaml) is
// asserted with its data, position, severity and whole text; the valid cases are the pack's nomatch examples, placed
// where the entry runs, and benign text.

import { describe, expect, it } from 'vitest';
import { crc32, failsGitHubChecksum, looksLikePlaceholder, truncatedKeyBlock } from '../src/analysis/packs.js';
import { RuleTester } from '../src/testing.js';
import rule from './secret.js';

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ path: 'skills/s/SKILL.md', targets: ['agentskills'] });

tester.run(rule, {
  valid: [
    {
      name: 'private-key nomatch (code): -----BEGIN RSA PRIVATE KEY-----\n...',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun:\n\n```\n-----BEGIN RSA PRIVATE KEY-----\n...\n```\n',
    },
    {
      name: 'private-key nomatch (code): -----BEGIN PRIVATE KEY-----\n<your key here>',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun:\n\n```\n-----BEGIN PRIVATE KEY-----\n<your key here>\n```\n',
    },
    {
      name: 'private-key nomatch (code): the file starts with -----BEGIN OPENSSH PRIVATE K…',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun:\n\n```\nthe file starts with -----BEGIN OPENSSH PRIVATE KEY-----\n```\n',
    },
    {
      name: 'aws-access-key-id nomatch (code): aws_access_key_id = AKIAIOSFODNN7EXAMPLE',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun:\n\n```\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\n```\n',
    },
    {
      name: 'aws-access-key-id nomatch (code): AKIAXXXXXXXXXXXXXXXX',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun:\n\n```\nAKIAXXXXXXXXXXXXXXXX\n```\n',
    },
    {
      name: 'aws-access-key-id nomatch (code): Asia and Africa',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun:\n\n```\nAsia and Africa\n```\n',
    },
    {
      name: 'aws-secret-access-key nomatch (code): aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPx…',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun:\n\n```\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n```\n',
    },
    {
      name: 'aws-secret-access-key nomatch (code): aws_secret_access_key = $AWS_SECRET_ACCESS_KEY',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun:\n\n```\naws_secret_access_key = $AWS_SECRET_ACCESS_KEY\n```\n',
    },
    {
      name: 'github-token nomatch (code): GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun:\n\n```\nGITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n```\n',
    },
    {
      name: 'github-token nomatch (code): GITHUB_TOKEN=ghp_your_token_here',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun:\n\n```\nGITHUB_TOKEN=ghp_your_token_here\n```\n',
    },
    {
      name: 'gitlab-token nomatch (code): token: glpat-xxxxxxxxxxxxxxxxxxxx',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun:\n\n```\ntoken: glpat-xxxxxxxxxxxxxxxxxxxx\n```\n',
    },
    {
      name: 'slack-token nomatch (code): SLACK_BOT_TOKEN=xoxb-your-token',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun:\n\n```\nSLACK_BOT_TOKEN=xoxb-your-token\n```\n',
    },
    {
      name: 'slack-token nomatch (code): https://hooks.slack.com/services/TXXXXXXXX/BXXXXX…',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun:\n\n```\nhttps://hooks.slack.com/services/TXXXXXXXX/BXXXXXXXX/XXXXXXXXXXXXXXXXXXXXXXXX\n```\n',
    },
    {
      name: 'stripe-live-key nomatch (code): STRIPE_KEY=sk_live_xxxxxxxxxxxxxxxxxxxxxxxx',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun:\n\n```\nSTRIPE_KEY=sk_live_xxxxxxxxxxxxxxxxxxxxxxxx\n```\n',
    },
    {
      name: 'stripe-live-key nomatch (code): STRIPE_KEY=sk_test_51Hq8Zr2Kd7Vm4Lp9Xs3Nb6Tw',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun:\n\n```\nSTRIPE_KEY=sk_test_51Hq8Zr2Kd7Vm4Lp9Xs3Nb6Tw\n```\n',
    },
    {
      name: 'google-api-key nomatch (code): key=AIzaSyXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun:\n\n```\nkey=AIzaSyXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX\n```\n',
    },
    {
      name: 'google-api-key nomatch (code): Example: AIzaSyA1B2C3D4E5F6G7H8I9J0K1L2M3N4O5P6Q',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun:\n\n```\nExample: AIzaSyA1B2C3D4E5F6G7H8I9J0K1L2M3N4O5P6Q\n```\n',
    },
    {
      name: 'google-api-key nomatch (code): key=AIzaSyA1B2C3D4E5F6G7H8I9J0K1L2M3N4O5P6Q',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun:\n\n```\nkey=AIzaSyA1B2C3D4E5F6G7H8I9J0K1L2M3N4O5P6Q\n```\n',
    },
    {
      name: 'openai-key nomatch (code): OPENAI_API_KEY=sk-...',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun:\n\n```\nOPENAI_API_KEY=sk-...\n```\n',
    },
    {
      name: 'anthropic-key nomatch (code): ANTHROPIC_API_KEY=sk-ant-api03-...',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun:\n\n```\nANTHROPIC_API_KEY=sk-ant-api03-...\n```\n',
    },
    {
      name: 'huggingface-token nomatch (code): HF_TOKEN=hf_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun:\n\n```\nHF_TOKEN=hf_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n```\n',
    },
    {
      name: 'npm-token nomatch (code): //registry.npmjs.org/:_authToken=${NPM_TOKEN}',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun:\n\n```\n//registry.npmjs.org/:_authToken=${NPM_TOKEN}\n```\n',
    },
    {
      name: 'sendgrid-key nomatch (code): SENDGRID_API_KEY=SG.xxxxxxxxxxxxxxxxxxxxxx.xxxxxx…',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun:\n\n```\nSENDGRID_API_KEY=SG.xxxxxxxxxxxxxxxxxxxxxx.xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n```\n',
    },
    {
      name: 'the rule\'s good example',
      code: '---\nname: gh\ndescription: GitHub helper.\n---\nRead the token from $GITHUB_TOKEN (for example ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx).\n',
    },
  ],
  invalid: [
    {
      name: 'private-key (code): private key block',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun:\n\n```\n-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAq7BFUpkGp3+LQmlQdLsFvMM9mJ2Kp5sNGaHhwTfVj3QmL8yW\n```\n',
      errors: [
        {
          messageId: 'private-key',
          data: { match: '"-----BEGIN RSA PRIVATE KEY-----"', where: 'in a code block' },
          line: 8,
          column: 1,
          severity: 'error',
          message: 'a private key block in a code block: "-----BEGIN RSA PRIVATE KEY-----"; anyone who installs the skill gets the key. Remove it, revoke the key, and load keys from the user\'s own key store',
        },
      ],
    },
    {
      name: 'aws-access-key-id (code): AWS access key id',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun:\n\n```\naws_access_key_id = AKIAZ7QH3K5VNRJ2WLPM\n```\n',
      errors: [
        {
          messageId: 'aws-access-key-id',
          data: { match: '"AKIA********… (20 characters)"', where: 'in a code block' },
          line: 8,
          column: 21,
          severity: 'error',
          message: 'an AWS access key id in a code block: "AKIA********… (20 characters)"; remove it, deactivate the key in IAM, and read credentials from the environment or the AWS credential chain',
        },
      ],
    },
    {
      name: 'aws-secret-access-key (code): AWS secret access key assignment',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun:\n\n```\naws_secret_access_key = k3Jd9sLq2Wm8Pz7Rt5Yv1Nb4Hc6Gf0Xe2Ua9Qo3I\n```\n',
      errors: [
        {
          messageId: 'aws-secret-access-key',
          data: { match: '"aws_secret_********… (64 characters)"', where: 'in a code block' },
          line: 8,
          column: 1,
          severity: 'error',
          message: 'an AWS secret access key in a code block: "aws_secret_********… (64 characters)"; remove it, rotate the key, and read credentials from the environment or the AWS credential chain',
        },
      ],
    },
    {
      name: 'github-token (code): GitHub token',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun:\n\n```\nGITHUB_TOKEN=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\n```\n',
      errors: [
        {
          messageId: 'github-token',
          data: { match: '"ghp_********… (40 characters)"', where: 'in a code block' },
          line: 8,
          column: 14,
          severity: 'error',
          message: 'a GitHub token in a code block: "ghp_********… (40 characters)"; remove it, revoke it on GitHub, and read tokens from the environment (GITHUB_TOKEN) or a credential helper',
        },
      ],
    },
    {
      name: 'gitlab-token (code): GitLab personal access token',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun:\n\n```\ntoken: glpat-9Kq2Zr7Vb4Nm1Xs8Wd3T\n```\n',
      errors: [
        {
          messageId: 'gitlab-token',
          data: { match: '"glpat-********… (26 characters)"', where: 'in a code block' },
          line: 8,
          column: 8,
          severity: 'error',
          message: 'a GitLab token in a code block: "glpat-********… (26 characters)"; remove it, revoke it in GitLab, and read tokens from the environment',
        },
      ],
    },
    {
      name: 'slack-token (code): Slack token or incoming-webhook URL',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun:\n\n```\nSLACK_BOT_TOKEN=xoxb-2837465019-4938271650384-Kd8sL2mQ9vR4tZ7wN1pX6cYb\n```\n',
      errors: [
        {
          messageId: 'slack-token',
          data: { match: '"xoxb-********… (54 characters)"', where: 'in a code block' },
          line: 8,
          column: 17,
          severity: 'error',
          message: 'a Slack credential in a code block: "xoxb-********… (54 characters)"; remove it, revoke it in Slack, and read it from the environment',
        },
      ],
    },
    {
      name: 'stripe-live-key (code): Stripe live secret or restricted key',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun:\n\n```\nSTRIPE_KEY=sk_live_51Hq8Zr2Kd7Vm4Lp9Xs3Nb6Tw\n```\n',
      errors: [
        {
          messageId: 'stripe-live-key',
          data: { match: '"sk_live_********… (33 characters)"', where: 'in a code block' },
          line: 8,
          column: 12,
          severity: 'error',
          message: 'a Stripe live key in a code block: "sk_live_********… (33 characters)"; remove it, roll it in the Stripe dashboard, and read it from the environment',
        },
      ],
    },
    {
      name: 'google-api-key (code): Google API key',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun:\n\n```\nkey=AIzaSyD8kQ2vL9mR4tZ7wN1pX6cYbH3jF5gE0aU\n```\n',
      errors: [
        {
          messageId: 'google-api-key',
          data: { match: '"AIza********… (39 characters)"', where: 'in a code block' },
          line: 8,
          column: 5,
          severity: 'error',
          message: 'a Google API key in a code block: "AIza********… (39 characters)"; remove it, delete or restrict it in the Cloud console, and read it from the environment',
        },
      ],
    },
    {
      name: 'openai-key (code): OpenAI API key',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun:\n\n```\nOPENAI_API_KEY=sk-proj-Q8kd2Lm9Vx4Rt7Wn1PsT3BlbkFJ6Cy3Hb5Zq0Jg8FeW\n```\n',
      errors: [
        {
          messageId: 'openai-key',
          data: { match: '"sk-proj-********… (51 characters)"', where: 'in a code block' },
          line: 8,
          column: 16,
          severity: 'error',
          message: 'an OpenAI API key in a code block: "sk-proj-********… (51 characters)"; remove it, revoke it, and read it from the environment (OPENAI_API_KEY)',
        },
      ],
    },
    {
      name: 'anthropic-key (code): Anthropic API key',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun:\n\n```\nANTHROPIC_API_KEY=sk-ant-api03-Q8kd2Lm9Vx4Rt7Wn1Ps6Cy3Hb5Zq0Jg8FeK3dL9mR4tZ7wN1pX6cYbH3jF5gE0aUq2vL9mR4tZ7wN1pX6cYbH3jF5\n```\n',
      errors: [
        {
          messageId: 'anthropic-key',
          data: { match: '"sk-ant-********… (102 characters)"', where: 'in a code block' },
          line: 8,
          column: 19,
          severity: 'error',
          message: 'an Anthropic API key in a code block: "sk-ant-********… (102 characters)"; remove it, revoke it in the console, and read it from the environment (ANTHROPIC_API_KEY)',
        },
      ],
    },
    {
      name: 'huggingface-token (code): Hugging Face access token',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun:\n\n```\nHF_TOKEN=hf_Q8kd2Lm9Vx4Rt7Wn1Ps6Cy3Hb5Zq0Jg8Fe\n```\n',
      errors: [
        {
          messageId: 'huggingface-token',
          data: { match: '"hf_********… (37 characters)"', where: 'in a code block' },
          line: 8,
          column: 10,
          severity: 'error',
          message: 'a Hugging Face token in a code block: "hf_********… (37 characters)"; remove it, revoke it, and read it from the environment (HF_TOKEN)',
        },
      ],
    },
    {
      name: 'npm-token (code): npm access token',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun:\n\n```\n//registry.npmjs.org/:_authToken=npm_Q8kd2Lm9Vx4Rt7Wn1Ps6Cy3Hb5Zq0Jg8FeK3\n```\n',
      errors: [
        {
          messageId: 'npm-token',
          data: { match: '"npm_********… (40 characters)"', where: 'in a code block' },
          line: 8,
          column: 34,
          severity: 'error',
          message: 'an npm token in a code block: "npm_********… (40 characters)"; remove it, revoke it (npm token revoke), and read it from the environment',
        },
      ],
    },
    {
      name: 'sendgrid-key (code): SendGrid API key',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun:\n\n```\nSENDGRID_API_KEY=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\n```\n',
      errors: [
        {
          messageId: 'sendgrid-key',
          data: { match: '"SG.Q********… (69 characters)"', where: 'in a code block' },
          line: 8,
          column: 18,
          severity: 'error',
          message: 'a SendGrid API key in a code block: "SG.Q********… (69 characters)"; remove it, revoke it, and read it from the environment',
        },
      ],
    },
    {
      name: 'the rule\'s bad example',
      code: '---\nname: gh\ndescription: GitHub helper.\n---\nUse GITHUB_TOKEN=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 for the API.\n',
      errors: [
        {
          messageId: 'github-token',
          data: { match: '"ghp_********… (40 characters)"', where: 'in the body' },
          line: 5,
          column: 18,
          severity: 'error',
          message: 'a GitHub token in the body: "ghp_********… (40 characters)"; remove it, revoke it on GitHub, and read tokens from the environment (GITHUB_TOKEN) or a credential helper',
        },
      ],
    },
    {
      name: 'a token in a JSON file: masked, at its JSON path',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nSee config.json.\n',
      folder: { 'config.json': '{\n  "auth": { "token": "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" }\n}\n' },
      errors: [
        {
          messageId: 'github-token',
          data: { match: '"ghp_********… (40 characters)"', where: 'in "config.json" at auth.token' },
          line: 2,
          column: 23,
          severity: 'error',
          file: 'skills/s/config.json',
          message: 'a GitHub token in "config.json" at auth.token: "ghp_********… (40 characters)"; remove it, revoke it on GitHub, and read tokens from the environment (GITHUB_TOKEN) or a credential helper',
        },
      ],
    },
  ],
});

// A token GitHub issued carries a CRC-32 of its 30 random characters in its last six (base 62, zero-padded).
describe('failsGitHubChecksum', () => {
  it('is the zlib CRC-32', () => {
    expect(crc32('')).toBe(0);
    expect(crc32('123456789')).toBe(0xcbf43926);
  });
  it('passes tokens whose last six characters are their checksum, for each checked prefix', () => {
    for (const t of ['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', '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', 'ghu_W4nB8rT2yL6qP0sK9dF3hJ7vX1cM5z2dgi0L']) {
      expect(failsGitHubChecksum(t), t).toBe(false);
      expect(looksLikePlaceholder(t), t).toBe(false);
    }
    expect(failsGitHubChecksum(`ghr_${'R7mQ2vK9sL4wN8pZ3tY6hJ1cF5dG0b'}0nZDNd`)).toBe(false);
  });
  it('fails a made-up value: any other six characters, a changed character of the body', () => {
    expect(failsGitHubChecksum('gho_Zk3Tq8Lm2Vx7Rn4Wp9Hs6Cd1Fb5Jy0GtAe3K')).toBe(true);
    expect(failsGitHubChecksum('gho_Zk3Tq8Lm2Vx7Rn4Wp9Hs6Cd1Fb5Jy13FXJyn')).toBe(true);
    expect(failsGitHubChecksum('ghp_R7mQ2vK9sL4wN8pZ3tY6hJ1cF5dG0b0nZDNe')).toBe(true);
    expect(looksLikePlaceholder('gho_Zk3Tq8Lm2Vx7Rn4Wp9Hs6Cd1Fb5Jy0GtAe3K')).toBe(true);
  });
  it('zero-pads a checksum shorter than six digits in base 62', () => {
    // The body's CRC-32 is below 62^5: its base-62 form has five digits and a leading 0.
    expect(failsGitHubChecksum('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')).toBe(false);
    expect(failsGitHubChecksum('ghp_Pd4Kx9Wm2Tq7Lz1Rv8Ns3Hc6Fj0YbCVIsvb0')).toBe(true);
  });
  it('judges only the checked formats: ghs_, npm_, other lengths and text around a token are not judged', () => {
    const made = 'Zk3Tq8Lm2Vx7Rn4Wp9Hs6Cd1Fb5Jy0GtAe3K';
    for (const t of [`ghs_${made}`, `npm_${made}`, `gho_${made.slice(0, -1)}`, `gho_${made}a`, ` gho_${made}`]) expect(failsGitHubChecksum(t), t).toBe(false);
  });
});

// A key block that documentation abbreviates with an ellipsis holds no key.
describe('truncatedKeyBlock', () => {
  const head = '-----BEGIN PRIVATE KEY-----\n';
  // A PKCS#8 RSA body declares 0x04BD bytes after its 4-byte header; 52 characters hold 39.
  const pkcs8 = 'MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQDx';
  it('is cut short when the body stops at an ellipsis before the length its DER header declares', () => {
    const s = head + pkcs8;
    expect(truncatedKeyBlock(s, `${s}...\n-----END PRIVATE KEY-----`)).toBe(true);
    expect(truncatedKeyBlock(s, `${s}Qz9…`)).toBe(true);
    expect(looksLikePlaceholder(s, `${s}..`)).toBe(true);
  });
  it('is whole when the body holds the bytes its header declares (a short key followed by dots)', () => {
    // SEQUENCE of 0x2E bytes: 48 bytes in all, the size of an Ed25519 PKCS#8 key (64 characters).
    const ed = 'MC4CAQAwBQYDK2VwBCIEIB7kQ9vX2mR4tZ7wN1pX6cYbH3jF5gE0aUq2vL9mR4tZ';
    expect(truncatedKeyBlock(head + ed, `${head + ed}...`)).toBe(false);
    // Four characters less: 45 bytes of 48.
    expect(truncatedKeyBlock(head + ed.slice(0, -4), `${head + ed.slice(0, -4)}...`)).toBe(true);
    // A one-byte length form (0x81) and an unknown one (0x83, more than any key).
    expect(truncatedKeyBlock(`${head}MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg`, `${head}MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg...`)).toBe(true);
    expect(truncatedKeyBlock(`${head}MIMAAQAAAQIBADANBgkqhkiG9w0BAQEFAASCBKgwggSk`, `${head}MIMAAQAAAQIBADANBgkqhkiG9w0BAQEFAASCBKgwggSk...`)).toBe(true);
  });
  it('judges a body without a DER header by length: under 64 characters no key fits', () => {
    const ssh = '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAA';
    expect(truncatedKeyBlock(ssh, `${ssh}...`)).toBe(true);
    const long = `${ssh}${'QUJD'.repeat(3)}`;
    expect(truncatedKeyBlock(long, `${long}...`)).toBe(false);
  });
  it('is no judgement without an ellipsis right after the body, nor for a match that is no key block', () => {
    const s = head + pkcs8;
    expect(truncatedKeyBlock(s, `${s}\n-----END PRIVATE KEY-----`)).toBe(false);
    expect(truncatedKeyBlock(s, `${s} ...`)).toBe(false);
    expect(truncatedKeyBlock(s, 'another line ...')).toBe(false);
    expect(truncatedKeyBlock('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', '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...')).toBe(false);
    expect(looksLikePlaceholder(s, `${s}\n`)).toBe(false);
  });
});
