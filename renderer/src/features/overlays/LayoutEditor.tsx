import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { LiveOverlayLayout, SettingsPatch } from '@shared/contract';
import {
  boxFromAnchor,
  moveBox,
  resizeBox,
  snapBox,
  type PlacedWidget,
  type PlacementBox,
} from '@shared/contract/overlayPlacement';
import { useAppState } from '../../state/AppContext';
import { useSaveSettings } from '../../state/settingsQueries';
import { feedClearance } from '../live/scoreboardFormat';
import { OverlayPreview } from './OverlayPreview';

const WIDGETS: Array<{ widget: PlacedWidget; label: string }> = [
  { widget: 'scoreboard', label: 'Scoreboard bar' },
  { widget: 'feed', label: 'Event feed' },
];

/** One arrow press: 1 % of the screen (about 19 px across on a 1920 screen), 5 % with Ctrl. */
const STEP = 0.01;
const BIG_STEP = 0.05;

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/**
 * Where each widget is now: its own box, or the box its anchor and scale map to (a layout from the Scoreboard
 * page, or an older settings file), the feed clear of the bar as the anchored overlay keeps it.
 */
function boxesOf(layout: LiveOverlayLayout): Record<PlacedWidget, PlacementBox> {
  const { scoreboard, feed } = layout;
  return {
    scoreboard: scoreboard.box ?? boxFromAnchor('scoreboard', scoreboard.anchor, scoreboard.scale),
    feed: feed.box ?? boxFromAnchor('feed', feed.anchor, feed.scale, feedClearance(layout)),
  };
}

const percent = (fraction: number): string => `${fraction * 100}%`;

interface Drag {
  widget: PlacedWidget;
  mode: 'move' | 'resize';
  startX: number;
  startY: number;
  start: PlacementBox;
}

/**
 * The 16:9 layout view: the arena overlay live behind two boxes, the scoreboard bar and the feed, dragged into
 * place and resized with the pointer or the keyboard (arrows move, Shift+arrows resize). Each change is saved in
 * the overlays settings, which the overlay windows and the OBS sources follow at once.
 */
export function LayoutEditor({ arenaUrl }: { arenaUrl: string | null }) {
  const layout = useAppState((state) => state.live.layout);
  const frameRef = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  // What the view shows while a change is dragged or saving; the pushed layout takes over once it is saved.
  const [draft, setDraft] = useState<Partial<Record<PlacedWidget, PlacementBox>>>({});
  const save = useSaveSettings((patch: SettingsPatch) => patch);
  if (!layout) return null;
  const boxes = { ...boxesOf(layout), ...draft };

  const commit = (widget: PlacedWidget, box: PlacementBox | null) => {
    save.mutate(
      { overlays: widget === 'scoreboard' ? { scoreboardBox: box } : { feedBox: box } },
      { onSettled: () => setDraft({}) },
    );
  };
  const show = (widget: PlacedWidget, box: PlacementBox) =>
    setDraft((before) => ({ ...before, [widget]: box }));

  const onPointerDown = (event: PointerEvent<HTMLElement>, widget: PlacedWidget, mode: Drag['mode']) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.stopPropagation();
    event.currentTarget.setPointerCapture(event.pointerId);
    setDrag({ widget, mode, startX: event.clientX, startY: event.clientY, start: boxes[widget] });
  };
  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    const frame = frameRef.current?.getBoundingClientRect();
    if (!drag || !frame) return;
    const dx = (event.clientX - drag.startX) / frame.width;
    const dy = (event.clientY - drag.startY) / frame.height;
    show(
      drag.widget,
      drag.mode === 'move' ? snapBox(moveBox(drag.start, dx, dy)) : resizeBox(drag.start, dx, dy),
    );
  };
  const onPointerUp = () => {
    if (!drag) return;
    const box = draft[drag.widget];
    setDrag(null);
    if (box) commit(drag.widget, box);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>, widget: PlacedWidget) => {
    const arrow = ARROWS[event.key];
    if (!arrow) return;
    event.preventDefault();
    const step = event.ctrlKey || event.metaKey ? BIG_STEP : STEP;
    const [dx, dy] = [arrow[0] * step, arrow[1] * step];
    const box = event.shiftKey ? resizeBox(boxes[widget], dx, dy) : moveBox(boxes[widget], dx, dy);
    show(widget, box);
    commit(widget, box);
  };

  return (
    <section className="panel layout-editor" aria-labelledby="layout-editor-title">
      <h2 id="layout-editor-title">Layout</h2>
      <p className="muted" id="layout-editor-help">
        Drag the scoreboard bar and the event feed into place on the 16:9 screen, and drag a corner to resize.
        Or focus one and use the arrow keys to move it, Shift+arrows to resize it (Ctrl for larger steps). The
        overlay windows and the OBS sources follow at once; each widget fits inside its box.
      </p>
      <div
        className="layout-frame"
        ref={frameRef}
        data-testid="layout-frame"
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      >
        {arenaUrl ? (
          <OverlayPreview url={arenaUrl} title="Arena overlay" width={1920} height={1080} fill />
        ) : null}
        {WIDGETS.map(({ widget, label }) => {
          const box = boxes[widget];
          const hidden = !layout[widget].visible;
          return (
            <div
              key={widget}
              role="group"
              tabIndex={0}
              aria-label={`${label}: ${Math.round(box.x * 100)} % from the left, ${Math.round(box.y * 100)} % from the top, ${Math.round(box.width * 100)} % wide, ${Math.round(box.height * 100)} % high${hidden ? ' (hidden)' : ''}`}
              aria-describedby="layout-editor-help"
              className={`layout-box${hidden ? ' hidden' : ''}${drag?.widget === widget ? ' dragging' : ''}`}
              data-testid={`layout-box-${widget}`}
              style={{
                left: percent(box.x),
                top: percent(box.y),
                width: percent(box.width),
                height: percent(box.height),
              }}
              onPointerDown={(event) => onPointerDown(event, widget, 'move')}
              onKeyDown={(event) => onKeyDown(event, widget)}
            >
              <span className="layout-box-label">{label}</span>
              <span
                className="layout-box-handle"
                data-testid={`layout-handle-${widget}`}
                aria-hidden="true"
                onPointerDown={(event) => onPointerDown(event, widget, 'resize')}
              />
            </div>
          );
        })}
      </div>
      <div className="layout-editor-actions">
        {WIDGETS.map(({ widget, label }) => (
          <button
            key={widget}
            type="button"
            disabled={!layout[widget].box}
            onClick={() => commit(widget, null)}
          >
            {label}: back to its position on the Scoreboard page
          </button>
        ))}
      </div>
      {save.isError ? <p className="error">{save.error.message}</p> : null}
    </section>
  );
}
