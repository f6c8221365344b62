/**
 * Lingui's own extractor (macros), which the shared-text extractor runs first.
 * The package describes it through `exports` only, which `moduleResolution:
 * node` does not read.
 */
declare module '@lingui/cli/api/extractors/babel' {
  import type { ExtractorType } from '@lingui/conf';

  const extractor: ExtractorType;
  export default extractor;
}
