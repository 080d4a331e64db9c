/**
 * Which document of a multipart upload is going out when `sent` bytes of the
 * body have: the body is the package and its framing (`overhead`, nearly all
 * of it before the first document) and then the documents in order. Returns
 * the document's index, clamped to the last one.
 */
export function documentAt(sent: number, overhead: number, sizes: readonly number[]): number {
  let end = overhead;
  for (let i = 0; i < sizes.length; i++) {
    end += sizes[i];
    if (sent < end) return i;
  }
  return Math.max(0, sizes.length - 1);
}
