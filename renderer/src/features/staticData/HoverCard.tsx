import { useId, useRef, useState, type ReactNode } from 'react';

/**
 * A tooltip card that opens on hover or keyboard focus. Its content renders only while open, so a grid of icons
 * asks the core for nothing until one is pointed at. It opens on the side of the trigger with more room.
 */
export function HoverCard({
  trigger,
  label,
  children,
  testId,
}: {
  trigger: ReactNode;
  label: string;
  children: () => ReactNode;
  testId?: string;
}) {
  const [open, setOpen] = useState(false);
  const [placement, setPlacement] = useState({ below: true, alignRight: false });
  const anchor = useRef<HTMLSpanElement>(null);
  const id = useId();
  const show = () => {
    const rect = anchor.current?.getBoundingClientRect();
    if (rect) {
      setPlacement({
        below: rect.top < window.innerHeight / 2,
        alignRight: rect.left + 360 > window.innerWidth,
      });
    }
    setOpen(true);
  };
  const hide = () => setOpen(false);
  return (
    <span
      ref={anchor}
      className="sd-hover"
      onMouseEnter={show}
      onMouseLeave={hide}
      onFocus={show}
      onBlur={hide}
      onKeyDown={(event) => {
        if (event.key === 'Escape') hide();
      }}
    >
      <button
        type="button"
        className="sd-hover-trigger"
        aria-label={label}
        aria-describedby={open ? id : undefined}
      >
        {trigger}
      </button>
      {open ? (
        <div
          id={id}
          role="tooltip"
          className={`sd-hover-card ${placement.below ? 'below' : 'above'} ${placement.alignRight ? 'right' : 'left'}`}
          data-testid={testId}
        >
          {children()}
        </div>
      ) : null}
    </span>
  );
}
