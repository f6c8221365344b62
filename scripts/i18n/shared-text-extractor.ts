import type { ExtractorType } from '@lingui/conf';
import babelExtractor from '@lingui/cli/api/extractors/babel';

/**
 * Lingui's own extractor (macros: Trans, t, msg, plural) for every source file.
 * Files of the API and the shared libraries are read a second time for the
 * texts they give people without a macro (see sharedTexts).
 */
export const sharedTextExtractor: ExtractorType = {
  match: (filename) => babelExtractor.match(filename),
  async extract(filename, code, onMessageExtracted, ctx) {
    if (/\bimport\b[^;]*['"]@lingui\//.test(code)) await babelExtractor.extract(filename, code, onMessageExtracted, ctx);
  },
};
