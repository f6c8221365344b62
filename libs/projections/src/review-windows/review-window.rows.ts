/*
 * Review windows: for each completed voyage, each crew member who sailed and when their reviews with the skipper close.
 * - Table: `review_windows`, created in apps/api/src/platform/database/migrations/1764877500000-review-windows.ts.
 * - Projector: review-window.projector.ts (`review-windows`).
 * - Reader: apps/api/src/modules/reviews/queries/get-reviews-to-write.query.ts (the dashboard's "Reviews to write").
 */

/** A row of `review_windows`, in the forms of ../row-forms.ts. */
export interface ReviewWindowRow {
  readonly voyage_id: string;
  readonly crew_id: string;
  /** 14 days after the crew member was first recorded as having sailed. */
  readonly closes_at: Date;
}
