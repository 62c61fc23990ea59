// What a commit's source can be downloaded as (GET /api/v1/ontologies/:id/source): its own
// media type first, then the RDF serializations it converts to; and which one a request gets.
import { AppError } from '@oms/domain';
import { CONVERSION_TARGETS, TARGET_MEDIA_TYPES, type ConversionTarget, type SourceDescription } from '@oms/ontology-tools';
import type { CommitMeta } from './find-commit.js';

export type Offer = { mediaType: string; target?: ConversionTarget };

/** Aliases under which the stored form is also given (JSON-LD is JSON, RDF/XML is XML). */
const ALIASES: Partial<Record<ConversionTarget, string>> = { jsonld: 'application/json', rdfxml: 'application/xml' };

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
