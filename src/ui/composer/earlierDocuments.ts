// Send Again With…: which documents of an earlier submission the archive
// has. The submission's detail names each attachment only, so a document is
// found by what the service tells of both: an archive file of its name whose
// recorded size and hash are those of the attachment's bytes (read from the
// service, hashed as they arrive). A file of the same name with other bytes
// is never taken for it. Free of vscode: it needs the client alone.
import {
  abortReason, createDigester, isServiceError, recordedHash,
  type ArchiveFile, type ArchiveListItem, type Attachment, type HashAlgorithm, type ServiceClient,
} from '../../core';

export interface EarlierDocuments {
  /** The archive files that are the submission's documents, in its order. */
  readonly found: readonly ArchiveFile[];
  /** The names of the documents the archive does not have (no file of that name, size and content). */
  readonly missing: readonly string[];
}

/** An archive file that can be compared: its size and a hash whose length names the algorithm. */
interface Candidate {
  readonly file: ArchiveFile;
  readonly size: number;
  readonly algorithm: HashAlgorithm;
  readonly hex: string;
}

/**
 * Looks for each attachment of submission `submissionId` in the archive.
 * The archive is listed once; the details of the files named as an
 * attachment are fetched once each, and an attachment is read only when a
 * file of its name has a usable hash (and, when the service says its length
 * first, that length). `looking` names each attachment as it is looked for.
 */
export async function findInArchive(client: ServiceClient, submissionId: string, attachments: readonly Attachment[], signal: AbortSignal, looking?: (name: string) => void): Promise<EarlierDocuments> {
  if (!attachments.length) return { found: [], missing: [] };
  const byName = new Map<string, ArchiveListItem[]>();
  for (const f of await client.listArchive({ signal })) byName.set(f.name, [...(byName.get(f.name) ?? []), f]);
  const details = new Map<string, Promise<ArchiveFile | undefined>>();
  const detail = (id: string) => {
    // One gone since it was listed is no candidate.
    if (!details.has(id)) details.set(id, client.getArchiveFile(id, { signal }).catch((e: unknown) => (isServiceError(e, 'notFound') ? undefined : Promise.reject(e))));
    return details.get(id)!;
  };
  const found: ArchiveFile[] = [];
  const missing: string[] = [];
  for (const a of attachments) {
    looking?.(a.name);
    const candidates: Candidate[] = [];
    for (const f of byName.get(a.name) ?? []) {
      const d = await detail(f.id);
      const h = d && recordedHash(d.hash);
      if (d?.fullSize !== undefined && h?.algorithm) candidates.push({ file: d, size: d.fullSize, algorithm: h.algorithm, hex: h.hex });
    }
    const match = candidates.length ? await sameBytes(client, submissionId, a, candidates, signal) : undefined;
    if (match) found.push(match);
    else missing.push(a.name);
  }
  return { found, missing };
}

/** The candidate whose size and hash are those of the attachment's bytes, if one is. */
async function sameBytes(client: ServiceClient, submissionId: string, a: Attachment, candidates: readonly Candidate[], signal: AbortSignal): Promise<ArchiveFile | undefined> {
  const opened = await client.openAttachment(submissionId, a, { signal });
  if (opened.length !== undefined && !candidates.some((c) => c.size === opened.length)) {
    opened.stream.destroy();
    return undefined;
  }
  const digesters = new Map([...new Set(candidates.map((c) => c.algorithm))].map((alg) => [alg, createDigester(alg)]));
  let size = 0;
  try {
    for await (const chunk of opened.stream) {
      if (signal.aborted) throw abortReason(signal);
      size += (chunk as Buffer).length;
      for (const d of digesters.values()) d.update(chunk as Buffer);
    }
  } finally {
    opened.stream.destroy();
  }
  const digests = new Map([...digesters].map(([alg, d]) => [alg, d.digest()]));
  return candidates.find((c) => c.size === size && digests.get(c.algorithm) === c.hex)?.file;
}
