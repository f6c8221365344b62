/** The "saved" or "Failed to …: reason" line under a profile form. */
export function SaveStatus({ success, error, failurePrefix }: { success: string | null; error: Error | null; failurePrefix: string }) {
  if (error) {
    return (
      <p className="form__error" role="alert">
        {failurePrefix}
        {error.message}
      </p>
    );
  }
  if (success) {
    return (
      <p className="form__success" role="status">
        {success}
      </p>
    );
  }
  return null;
}
