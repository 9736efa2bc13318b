// Markdown tables (GFM): a row's bars separate cells; they are not shell pipes.

/**
 * The cells of a Markdown table row (`| a | b |`, GFM): [start, end) offsets in `line`, split at the bars outside code
 * spans and not escaped (`\|`). Null when the line is no table row (it must start and end with a bar).
 */
export function tableCells(line: string): [number, number][] | null {
  if (!/^[ \t]*\|.*\|[ \t]*$/.test(line)) return null;
  const cells: [number, number][] = [];
  let start = line.indexOf('|') + 1;
  for (let i = start; i < line.length; i++) {
    const c = line[i];
    if (c === '\\') i++;
    else if (c === '`') {
      let n = 1;
      while (line[i + n] === '`') n++;
      const close = line.indexOf('`'.repeat(n), i + n);
      if (close !== -1) i = close + n - 1;
      else i += n - 1;
    } else if (c === '|') {
      cells.push([start, i]);
      start = i + 1;
    }
  }
  return cells;
}
