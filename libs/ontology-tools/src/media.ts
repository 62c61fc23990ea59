// How a stored source is offered for download: its media type, file extension, and whether it
// is an RDF graph that can be written in other serializations.
import type { SourceFormat } from '@oms/formats';
import { TARGET_MEDIA_TYPES, type ConversionTarget } from './convert.js';
import { isJsonLd } from './json-ld.js';
import { OWL_NS } from './vocabulary.js';

export type SourceDescription = {
  mediaType: string;
  extension: string;
  /** The serialization the source is already in, when it is an RDF graph. */
  native?: ConversionTarget;
};

/** The root element of an owl source is owl:Ontology: OWL/XML, which is not RDF. */
export function isOwlXml(text: string): boolean {
  // Skip the BOM, XML declaration, comments, processing instructions and the DOCTYPE.
  const prolog = /^\uFEFF?(?:\s+|<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE(?:[^[>]|\[[\s\S]*?\])*>)*/.exec(text);
  const rest = text.slice(prolog?.[0].length ?? 0);
  const root = /^<(?:([A-Za-z_][\w.-]*):)?Ontology[\s/>]/.exec(rest);
  if (!root) return false;
  const tagEnd = rest.indexOf('>');
  const tag = rest.slice(0, tagEnd === -1 ? undefined : tagEnd);
  const attribute = root[1] ? `xmlns:${root[1]}` : 'xmlns';
  return new RegExp(`\\s${attribute.replace('.', '\\.')}\\s*=\\s*["']${OWL_NS.replace(/[.#/]/g, (c) => `\\${c}`)}["']`).test(tag);
}

function parsesAsJsonLd(text: string): boolean {
  try {
    return isJsonLd(JSON.parse(text.startsWith('\uFEFF') ? text.slice(1) : text));
  } catch {
    return false;
  }
}

/** A json source, JSON-LD or plain JSON (as its metrics' `syntax` says, when it was measured). */
export function describeJson(jsonLd: boolean): SourceDescription {
  return jsonLd ? { mediaType: TARGET_MEDIA_TYPES.jsonld, extension: 'jsonld', native: 'jsonld' } : { mediaType: 'application/json', extension: 'json' };
}

export function describeSource(format: SourceFormat, text: string): SourceDescription {
  switch (format) {
    case 'turtle':
      return { mediaType: TARGET_MEDIA_TYPES.turtle, extension: 'ttl', native: 'turtle' };
    case 'rdf':
      return { mediaType: TARGET_MEDIA_TYPES.rdfxml, extension: 'rdf', native: 'rdfxml' };
    case 'owl':
      return isOwlXml(text) ? { mediaType: 'application/owl+xml', extension: 'owx' } : { mediaType: TARGET_MEDIA_TYPES.rdfxml, extension: 'owl', native: 'rdfxml' };
    case 'json':
      return describeJson(parsesAsJsonLd(text));
    case 'yaml':
      return { mediaType: 'application/yaml', extension: 'yaml' };
    case 'orm':
      return { mediaType: 'application/xml', extension: 'orm' };
    case 'other':
      return { mediaType: 'text/plain', extension: 'txt' };
  }
}

/** `<slug>-<version>.<extension>`: the title in lower-case ASCII words joined by hyphens. */
export function downloadFileName(title: string, version: string, extension: string): string {
  const slug =
    title
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .replace(/-+$/, '') || 'ontology';
  return `${slug}-${version.replace(/[^0-9A-Za-z.+-]/g, '')}.${extension}`;
}
