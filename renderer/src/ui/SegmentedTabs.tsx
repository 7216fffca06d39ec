export interface SegmentedTab<T extends string> {
  id: T;
  label: string;
  testId: string;
}

/**
 * A row of tabs switching what a page shows. Styled by `.sd-segmented` (features/staticData/data.css), which
 * the pages using it load.
 */
export function SegmentedTabs<T extends string>({
  label,
  tabs,
  value,
  onChange,
  className,
}: {
  /** Names the tab list for assistive technology. */
  label: string;
  tabs: ReadonlyArray<SegmentedTab<T>>;
  value: T;
  // NoInfer: T comes from the tabs; a state setter (value or updater) here would spoil the inference.
  onChange(next: NoInfer<T>): void;
  /** More classes beside `sd-segmented`. */
  className?: string;
}) {
  return (
    <div
      className={className ? `sd-segmented ${className}` : 'sd-segmented'}
      role="tablist"
      aria-label={label}
    >
      {tabs.map((tab) => (
        <button
          key={tab.id}
          type="button"
          role="tab"
          aria-selected={value === tab.id}
          onClick={() => onChange(tab.id)}
          data-testid={tab.testId}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
