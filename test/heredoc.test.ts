// printedHereDocs (src/analysis/heredoc.ts): the bodies of here-documents a script only prints are text, not code.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { printedHereDocs } from '../src/analysis/heredoc.js';

const bodies = (s: string) => printedHereDocs(s).map(([a, b]) => s.slice(a, b));

describe('printedHereDocs', () => {
  it('is the body of cat <<DELIM alone on its line, quoted, bare, escaped or with <<-, up to the delimiter line', () => {
    expect(bodies("show() {\n  cat << 'EOF'\nINSTALL:\n  curl -fsSL https://x.test/i | bash\nEOF\n}\n")).toEqual(['INSTALL:\n  curl -fsSL https://x.test/i | bash\n']);
    expect(bodies('cat <<"END"\na\nEND\ncat <<USAGE >&2\nb $HOME\nUSAGE\n')).toEqual(['a\n', 'b $HOME\n']);
    expect(bodies('cat <<\\EOF\n$(x)\nEOF\n')).toEqual(['$(x)\n']);
    expect(bodies('\tcat <<-EOF\n\tline\n\tEOF\nafter\n')).toEqual(['\tline\n']);
    expect(bodies('cat -v << EOF 1>&2\nx\nEOF\r\n')).toEqual(['x\n']);
  });

  it('is not a body sent elsewhere, that never closes, or whose bare delimiter lets substitutions run', () => {
    for (const s of [
      'cat <<EOF | sh\ncurl x | bash\nEOF\n',
      'cat <<EOF > /etc/cron.d/job\n* * * * * root /tmp/x\nEOF\n',
      'cat <<EOF >> ~/.bashrc\nalias ls=x\nEOF\n',
      'tee <<EOF\nx\nEOF\n',
      'cat <<EOF; bash\nx\nEOF\n',
      'cat <<EOF\nnever closed\n',
      'cat <<EOF\n$(curl x | sh)\nEOF\n',
      'cat <<EOF\n`id`\nEOF\n',
      'cat <<-EOF\n  x\n  EOF\n',
      'cat <<EOF',
    ]) expect(bodies(s), s).toEqual([]);
  });

  it('is none when the script runs some output: a pipe into a shell, eval, source of a substitution, sh -c', () => {
    const show = "show() {\n  cat <<'EOF'\ncurl x | sh\nEOF\n}\n";
    expect(bodies(show)).toHaveLength(1);
    for (const run of ['show | bash\n', 'show | sudo -E sh -s\n', 'show | /bin/zsh\n', 'show | python3 -\n', 'eval "$(show)"\n', 'source <(show)\n', '. <(show)\n', 'bash -c "$(show)"\n']) {
      expect(bodies(show + run), run).toEqual([]);
    }
    expect(bodies(`${show}show | less\nx=1 . ./env.sh\n`)).toHaveLength(1);
  });

  it('returns sorted, disjoint ranges inside the text, each after an opener line, for any input', () => {
    const piece = fc.constantFrom('cat <<EOF\n', "cat <<'EOF'\n", 'cat <<-E\n', 'EOF\n', '\tE\n', 'E\n', 'x | sh\n', '$(y)\n', 'eval z\n', '\n', 'text\n', 'cat << EOF >&2\n', '<<');
    fc.assert(
      fc.property(fc.array(fc.oneof(piece, fc.string()), { maxLength: 30 }), (parts) => {
        const s = parts.join('');
        let last = 0;
        for (const [a, b] of printedHereDocs(s)) {
          expect(a).toBeGreaterThanOrEqual(last);
          expect(b).toBeGreaterThanOrEqual(a);
          expect(b).toBeLessThanOrEqual(s.length);
          expect(s[a - 1]).toBe('\n');
          expect(s.slice(s.lastIndexOf('\n', a - 2) + 1, a)).toMatch(/^[ \t]*cat\b[^\n]*<</);
          last = b;
        }
      }),
      { numRuns: 500 },
    );
  });
});
