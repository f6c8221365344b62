/** A polite live region, present before it has anything to say so screen readers announce the outcome. */
export function StatusMessage({ message }: { message: string | null }) {
  return (
    <div role="status" aria-live="polite" className="applications-status">
      {message && <p className="form__success">{message}</p>}
    </div>
  );
}
