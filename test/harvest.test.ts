import { describe, expect, it } from 'vitest';
import { harvestChains } from '../src/analysis/behaviour/harvest.js';
import type { Lang, Snippet } from '../src/analysis/behaviour/types.js';

const sn = (text: string, lang: Lang): Snippet => ({ text, start: 0, end: text.length, lang, place: (start, end) => ({ start, end }) });
const kinds = (text: string, lang: Lang) => harvestChains(sn(text, lang)).map((c) => c.steps.map((s) => s.what).join(' → '));

describe('credential harvesting', () => {
  it('a list of stores of two or more services, walked and read', () => {
    expect(kinds("const t = ['.ssh/id_rsa', '.aws/credentials'];\nconst x = t.map((p) => fs.readFileSync(path.join(os.homedir(), p)));", 'javascript')).toEqual([
      'lists the credential stores of 2 services (~/.ssh/id_rsa, ~/.aws/credentials) → reads each one (readFileSync)',
    ]);
    expect(kinds('for f in ~/.netrc "$HOME/.git-credentials"; do cat "$f"; done', 'shell')).toEqual(['lists the credential stores of 2 services (~/.netrc, ~/.git-credentials) → reads each one (cat)']);
    expect(kinds('for p in ["~/.aws/credentials", "~/.kube/config"]:\n    data[p] = Path(p).expanduser().read_text()', 'python')).toHaveLength(1);
  });

  it('not: one service, paths only checked, bare file-name patterns, a list never walked, public halves', () => {
    expect(kinds('for p in ["~/.aws/credentials", "~/.aws/config"]:\n    print(open(p).read())', 'python')).toEqual([]);
    expect(kinds('for p in ["~/.aws/credentials", "~/.ssh/id_rsa"]:\n    print(os.stat(os.path.expanduser(p)).st_mode)', 'python')).toEqual([]);
    expect(kinds('SENSITIVE = ["id_rsa", ".env", ".npmrc", ".pypirc", "credentials.json"]\nfor f in files:\n    text = open(f).read()', 'python')).toEqual([]);
    expect(kinds('DOCS = ["~/.aws/credentials", "~/.ssh/id_rsa"]\nprint(open("README.md").read())', 'python')).toEqual([]);
    expect(kinds('for f in ~/.ssh/id_rsa.pub ~/.aws/config; do cat "$f"; done', 'shell')).toEqual([]);
    expect(kinds('for f in ~/.ssh/id_rsa ~/.aws/credentials; do stat -c %a "$f"; done', 'shell')).toEqual([]);
  });

  it("the browser's saved passwords", () => {
    expect(kinds('db = os.path.join(p, "Login Data")\nrows = c.execute("SELECT origin_url, password_value FROM logins")', 'python')).toEqual(['reads the passwords the browser saved (its logins store)']);
    expect(kinds('db = os.path.join(p, "History")\nrows = c.execute("SELECT url FROM urls")', 'python')).toEqual([]);
  });
});
