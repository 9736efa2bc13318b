// Binary search over sorted offsets, shared by the scanners that keep positions (line starts, quote places).

/** How many values of the ascending `list` are below `x` (the index of the first one at or above it). */
export function lowerBound(list: readonly number[], x: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
