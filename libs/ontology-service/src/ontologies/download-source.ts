// GET /api/v1/ontologies/:id/source: the stored source byte for byte, or an RDF source written
// in another serialization (cached by commit hash and target). The commit is read without its
// source first: a cached conversion never loads it. A conversion is heavy work: it runs in the
// pool and holds one of the caller's slots from before its source is loaded (429 when they hold
// all); a cached one, or one already running for someone else, needs none.
import { AppError } from '@oms/domain';
import type { SourceFormat } from '@oms/formats';
import { CONVERSION_TARGETS, TARGET_EXTENSIONS, TARGET_MEDIA_TYPES, downloadFileName, type ConversionTarget, type SourceDescription } from '@oms/ontology-tools';
import type { ServiceContext } from '../context.js';
import { commitSource, type CommitMeta } from './find-commit.js';

export type Offer = { mediaType: string; target?: ConversionTarget };
export type Download = { body: string | Buffer; mediaType: string; etag: string; fileName: string };

/** Aliases under which the stored form is also given (JSON-LD is JSON, RDF/XML is XML). */
const ALIASES: Partial<Record<ConversionTarget, string>> = { jsonld: 'application/json', rdfxml: 'application/xml' };

/** What a commit's source can be downloaded as: its own media type first, then conversions. */
export function offersFor(description: SourceDescription): Offer[] {
  const offers: Offer[] = [{ mediaType: description.mediaType }];
  const native = description.native;
  if (native === undefined) return offers;
  const alias = ALIASES[native];
  if (alias) offers.push({ mediaType: alias });
  for (const target of CONVERSION_TARGETS) if (target !== native) offers.push({ mediaType: TARGET_MEDIA_TYPES[target], target });
  return offers;
}

/** The offer with the media type content negotiation chose (one of `offers`). */
export function chosenOffer(offers: Offer[], mediaType: string): Offer {
  return offers.find((offer) => offer.mediaType === mediaType) ?? (offers[0] as Offer);
}

/** The offer for `?format`: the stored source when it already is in that serialization. */
export function offerForFormat(commit: CommitMeta, description: SourceDescription, offers: Offer[], format: ConversionTarget): Offer {
  if (description.native === format) return offers[0] as Offer;
  const offer = offers.find((candidate) => candidate.target === format);
  if (offer) return offer;
  throw new AppError('not_acceptable', {
    message: `A ${commit.sourceFormat} source cannot be converted to ${format}: only RDF sources (turtle, rdf, owl as RDF/XML, JSON-LD) can.`,
    details: { available: offers.map((candidate) => candidate.mediaType) },
  });
}

export async function downloadSource(
  ctx: Pick<ServiceContext, 'db' | 'conversions' | 'heavyWork' | 'heavySlots'>,
  callerId: string,
  ontology: { title: string },
  commit: CommitMeta,
  description: SourceDescription,
  offer: Offer,
): Promise<Download> {
  const format = commit.sourceFormat as SourceFormat;
  if (!offer.target) {
    return {
      body: await commitSource(ctx.db.prisma, commit),
      mediaType: offer.mediaType,
      etag: `"${commit.commitHash}"`,
      fileName: downloadFileName(ontology.title, commit.version, description.extension),
    };
  }
  const target = offer.target;
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
    body,
    mediaType: offer.mediaType,
    etag: `"${commit.commitHash}-${target}"`,
    fileName: downloadFileName(ontology.title, commit.version, TARGET_EXTENSIONS[target]),
  };
}
