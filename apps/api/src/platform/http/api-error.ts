/** An HTTP failure with the product's error shape. Thrown by controllers and guards. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: { path: string; message: string }[],
    /** More fields of the error body a route documents (e.g. the counts of a refused deletion). */
    readonly extra?: Readonly<Record<string, string | number | boolean>>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}
