// GET /api/v1/ontologies/:id/source: the stored source byte for byte, or an RDF source written
// in another serialization (cached by commit hash and target). The commit is read without its
// source first: a cached conversion never loads it. The stored form is streamed (DESIGN 8):
// its chunks are read from the database as they are written, never the whole source at once;
// its byte length comes from the commit's metrics (counted over the chunks for older commits). A conversion is heavy work: it runs in the
// pool and holds one of the caller's slots from before its source is loaded (429 when they hold
// all); a cached one, or one already running for someone else, needs none.
import { AppError } from '@oms/domain';
import type { SourceFormat } from '@oms/formats';
import { TARGET_EXTENSIONS, downloadFileName, type ConversionTarget, type SourceDescription } from '@oms/ontology-tools';
import { readSourceBytes, readSourceHead } from '@oms/db';
import type { ServiceContext } from '../context.js';
import { callerOf, visibleOntologyRowOr404, type CallerOrActor } from './caller.js';
import { commitMetaOf, commitSource, pinnedRef, refOf, type CommitMeta } from './find-commit.js';
import { chosenOffer, offerForFormat, offersFor, type Offer } from './source-offers.js';

type DownloadHead = { mediaType: string; etag: string; fileName: string };
/** The stored source as chunks of bytes (read on demand), with its byte length. */
export type StoredDownload = DownloadHead & {
  kind: 'stored';
  bytes: number;
  /**
   * The source's bytes in order, read while they are taken (`key`: whose read, for fair sharing
   * of sessions): the stored bytes as they are (valid UTF-8 since they were checked), never
   * decoded to text and encoded again.
   */
  chunks: (options: { signal?: AbortSignal; key?: string }) => AsyncIterable<Uint8Array>;
};
/** A conversion, whole (cached by commit hash and target). */
export type ConvertedDownload = DownloadHead & { kind: 'converted'; body: Buffer };
export type Download = StoredDownload | ConvertedDownload;

export type DownloadRequest = {
  ontologyId: string;
  version?: string | undefined;
  /** A commit id or a version (as the terms endpoints take it). */
  commit_id?: string | undefined;
  format?: ConversionTarget | undefined;
  /** Content negotiation (without `format`): the offered media type the client takes best. */
  negotiate: (mediaTypes: string[]) => string;
};

/** The download a request asks for; `pinned`: a commit was named (its answer never changes). */
export async function downloadOntologySource(
  ctx: ServiceContext,
  who: CallerOrActor,
  input: DownloadRequest,
): Promise<{ download: Download; pinned: boolean }> {
  const caller = await callerOf(ctx.db.prisma, who);
  const ontology = await visibleOntologyRowOr404(ctx.db.prisma, caller, input.ontologyId);
  // `commit_id` names a commit by id or by version; with `version` too it is refused as a read's.
  const pinned = input.commit_id !== undefined && input.version === undefined ? refOf(input.commit_id) : pinnedRef(input);
  // The commit (and its source) is not kept beyond this call.
  const commit = await commitMetaOf(ctx.db.prisma, ontology, pinned);
  const description = await ctx.descriptions.of(
    commit,
    Object.assign(() => commitSource(ctx.db.prisma, commit), { head: (chars: number) => readSourceHead(ctx.db.sessions, commit.id, chars) }),
  );
  const offers = offersFor(description);
  const offer =
    input.format !== undefined
      ? offerForFormat(commit, description, offers, input.format)
      : chosenOffer(offers, input.negotiate(offers.map((candidate) => candidate.mediaType)));
  return { download: await sourceDownload(ctx, caller.userId, ontology, commit, description, offer), pinned: pinned !== undefined };
}

async function sourceDownload(
  ctx: ServiceContext,
  callerId: string,
  ontology: { title: string },
  commit: CommitMeta,
  description: SourceDescription,
  offer: Offer,
): Promise<Download> {
  const format = commit.sourceFormat as SourceFormat;
  if (!offer.target) {
    const chunks = (options: { signal?: AbortSignal; key?: string }) => readSourceBytes(ctx.db.sessions, commit.id, options);
    return {
      kind: 'stored',
      bytes: await sourceBytesOf(commit, chunks),
      chunks,
      mediaType: offer.mediaType,
      etag: `"${commit.commitHash}"`,
      fileName: downloadFileName(ontology.title, commit.version, description.extension),
    };
  }
  const target = offer.target;
  // A conversion parses the source and writes the result whole: past the limit it is refused
  // with the stored form, which streams at any size.
  const maxBytes = conversionMaxBytesOf(ctx.config);
  const bytes = await sourceBytesOf(commit, (options) => readSourceBytes(ctx.db.sessions, commit.id, options));
  if (bytes > maxBytes) {
    throw new AppError('not_acceptable', {
      message:
        `This source is ${bytes} bytes, more than the ${maxBytes} bytes converted to ${target} on request (CONVERSION_MAX_BYTES): ` +
        `download it as it is stored (${description.mediaType}, without format) and convert it locally.`,
      details: { available: [description.mediaType] },
    });
  }
  const body = await ctx.conversions.get(`${commit.commitHash} ${target}`, () =>
    ctx.heavySlots.run(callerId, async () => {
      const converted = await ctx.heavyWork.convert(format, await commitSource(ctx.db.prisma, commit), target);
      if (converted.ok) return Buffer.from(converted.bytes.buffer, converted.bytes.byteOffset, converted.bytes.byteLength);
      throw new AppError('not_acceptable', {
        message: `This source cannot be converted to ${target}: ${converted.message}`,
        details: { available: [description.mediaType] },
      });
    }),
  );
  return {
    kind: 'converted',
    body,
    mediaType: offer.mediaType,
    etag: `"${commit.commitHash}-${target}"`,
    fileName: downloadFileName(ontology.title, commit.version, TARGET_EXTENSIONS[target]),
  };
}

/** The largest source converted on request, by default (a conversion holds the source and its result whole). */
export const CONVERSION_MAX_BYTES = 32 * 1024 * 1024;

/** The largest source this service converts on request (its setting, else the default). */
export const conversionMaxBytesOf = (config: Pick<ServiceContext['config'], 'conversionMaxBytes'>): number => config.conversionMaxBytes ?? CONVERSION_MAX_BYTES;

/** The source's UTF-8 byte length: from its metrics, or counted over its chunks (commits made before metrics). */
async function sourceBytesOf(commit: CommitMeta, chunks: StoredDownload['chunks']): Promise<number> {
  const metrics = commit.metrics as { bytes?: unknown } | null;
  if (metrics && typeof metrics.bytes === 'number') return metrics.bytes;
  let bytes = 0;
  for await (const chunk of chunks({})) bytes += chunk.byteLength;
  return bytes;
}
