/**
 * Lingui's ICU compiler (a dependency of @lingui/core, so it is installed in
 * production too). The package describes it through `exports` only, which
 * `moduleResolution: node` does not read.
 */
declare module '@lingui/message-utils/compileMessage' {
  type CompiledMessageToken = string | [name: string, type?: string, format?: unknown];
  export type CompiledMessage = CompiledMessageToken[];
  export function compileMessage(message: string): CompiledMessage;
}
