/** A failed request's message, where the control that sent it is. */
export function RequestError({ error, testId }: { error: Error | null; testId?: string }) {
  if (!error) return null;
  return (
    <p className="request-error" role="alert" data-testid={testId}>
      {error.message}
    </p>
  );
}
