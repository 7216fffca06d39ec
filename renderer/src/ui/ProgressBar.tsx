/**
 * One progress bar: a track with a fill as wide as `value` is of `max`, announced as a progressbar. The
 * feature's CSS styles it through `className` (the track) and `fillClassName` (the fill, a block span).
 */
export function ProgressBar({
  label,
  value,
  max,
  className,
  fillClassName,
  testId,
}: {
  /** Names the bar for assistive technology ("Files", "Pack bytes"). */
  label: string;
  value: number;
  max: number;
  className: string;
  fillClassName?: string;
  testId?: string;
}) {
  const share = progressShare(value, max);
  return (
    <div
      className={className}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      data-testid={testId}
    >
      <span className={fillClassName} style={{ width: `${(share * 100).toFixed(1)}%` }} />
    </div>
  );
}

/** 0…1; a total that is not known yet counts as nothing done. */
export function progressShare(done: number, total: number): number {
  if (!Number.isFinite(done) || !Number.isFinite(total) || total <= 0) return 0;
  return Math.min(1, Math.max(0, done / total));
}
