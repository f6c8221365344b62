/** The "saved" or "Failed to …: reason" line under a profile form; `failure` words the reason in the form's own sentence. */
export function SaveStatus({ success, error, failure }: { success: string | null; error: Error | null; failure?: (reason: string) => string }) {
  if (error) {
    return (
      <p className="form__error" role="alert">
        {failure ? failure(error.message) : error.message}
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
