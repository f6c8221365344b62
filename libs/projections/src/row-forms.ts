/*
 * A read model's row type (in its `<name>.rows.ts`) is the row as readers get
 * it from PostgreSQL: timestamps as Date, jsonb parsed, bigint as text. A date
 * column is YYYY-MM-DD text and a numeric column a number, which readers get
 * by casting (`to_char(…, 'YYYY-MM-DD')` or `::text`, `::float8`): node-postgres
 * would otherwise give a local-time Date and a string. A column read otherwise
 * (a bigint sum as ::float8) says so. The forms below derive the other shapes
 * a row takes from it, so its columns are stated once (docs/projections.md,
 * "Where a read model lives").
 */

/**
 * A row as its projector writes it: timestamps as the ISO text the event
 * carried, the jsonb columns `J` as JSON text, every other column as read;
 * writable, since projectors fold rows in memory.
 */
export type Written<R, J extends keyof R = never> = {
  -readonly [K in keyof R]: K extends J ? (null extends R[K] ? string | null : string) : R[K] extends Date ? string : R[K] extends Date | null ? string | null : R[K];
};

/** The columns of a LEFT JOINed table: each one null when no row matched. */
export type OrNull<R> = { [K in keyof R]: R[K] | null };

/** The values of columns `K` of `R` in that order: the parameters of a positional INSERT. */
export type Columns<R, K extends readonly (keyof R)[]> = { -readonly [I in keyof K]: K[I] extends keyof R ? R[K[I]] : never };
