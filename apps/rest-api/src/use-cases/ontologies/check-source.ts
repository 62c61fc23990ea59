import { AppError } from '@oms/domain';
import { validateSource, type SourceFormat } from '@oms/formats';

/** Parses the source with its format's real parser; a failure is 422 on `source`. */
export async function checkSource(format: SourceFormat, source: string): Promise<void> {
  const result = await validateSource(format, source);
  if (!result.ok) throw AppError.validation({ source: [result.message] });
}
