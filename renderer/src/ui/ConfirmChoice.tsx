import type { ReactNode } from 'react';

/**
 * The second step of an action asked twice: the button that does it and "Keep", which backs out. The caller
 * holds which action is being asked (one at a time per panel) and shows its own first-step buttons otherwise.
 */
export function ConfirmChoice({
  className,
  pending,
  onConfirm,
  onKeep,
  testId,
  children,
}: {
  /** The confirm button's look, e.g. `danger` for what cannot be undone. */
  className: string;
  /** While the action runs, the confirm button is disabled so it is not sent twice. */
  pending: boolean;
  onConfirm(): void;
  onKeep(): void;
  /** The confirm button's `data-testid`. */
  testId: string;
  /** The confirm button's label, saying what happens. */
  children: ReactNode;
}) {
  return (
    <>
      <button type="button" className={className} disabled={pending} onClick={onConfirm} data-testid={testId}>
        {children}
      </button>
      <button type="button" onClick={onKeep}>
        Keep
      </button>
    </>
  );
}
