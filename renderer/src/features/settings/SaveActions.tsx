/** The submit button of a settings form, with what came of the last save. */
export function SaveActions({
  label,
  state,
  errorTestId,
}: {
  label: string;
  state: { isPending: boolean; isSuccess: boolean; error: Error | null };
  errorTestId: string;
}) {
  return (
    <div className="form-actions">
      <button type="submit" disabled={state.isPending}>
        {label}
      </button>
      {state.error ? (
        <span className="error" role="alert" data-testid={errorTestId}>
          {state.error.message}
        </span>
      ) : null}
      {state.isSuccess ? <span className="muted">Saved.</span> : null}
    </div>
  );
}
