/** What came of a field's last save, under the field: saving, saved, or main's reason for refusing it. */
export function SaveStatus({
  state,
  testId,
}: {
  state: { isPending: boolean; isSuccess: boolean; error: Error | null };
  /** The field's test id; the status is `<testId>-status`. */
  testId: string;
}) {
  const id = `${testId}-status`;
  if (state.error) {
    return (
      <small className="error" role="alert" data-testid={id}>
        {state.error.message}
      </small>
    );
  }
  if (state.isPending) {
    return (
      <small className="muted" role="status" data-testid={id}>
        Saving…
      </small>
    );
  }
  return state.isSuccess ? (
    <small className="muted" role="status" data-testid={id}>
      Saved
    </small>
  ) : null;
}
