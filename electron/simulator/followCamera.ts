/**
 * Where the replay's camera is while it follows a unit (`cameraAttached` with a `selectionName`): over the unit,
 * which moves as the replay plays, so `/replay/render` reports a camera that moves with it, as the game does.
 * The simulator has no map: each unit walks its own circle around the map's middle, starting at an angle
 * taken from its name, so the same unit is at the same place at the same replay time.
 */

type Vector = { x: number; y: number; z: number };

/** The middle of the map and how far from it the units walk, in world units. */
const MAP_MIDDLE = 7400;
const WALK_RADIUS = 5000;
/** Radians a unit walks per replay second: 250 world units a second, about a champion's pace. */
const WALK_RADIANS_PER_SECOND = 250 / WALK_RADIUS;
/** Height of a following camera above the ground, as the default top-down camera's (1900). */
const FOLLOW_HEIGHT = 1900;

export function followedCameraPosition(selectionName: string, replayTime: number, offset: Vector): Vector {
  const angle = startAngle(selectionName.toLowerCase()) + replayTime * WALK_RADIANS_PER_SECOND;
  return {
    x: round(MAP_MIDDLE + WALK_RADIUS * Math.cos(angle) + offset.x),
    y: round(FOLLOW_HEIGHT + offset.y),
    z: round(MAP_MIDDLE + WALK_RADIUS * Math.sin(angle) + offset.z),
  };
}

/** The render's `cameraPosition` as the game reports it: the followed unit's camera while attached to one. */
export function reportedCameraPosition(
  render: Readonly<Record<string, unknown>>,
  replayTime: number,
): unknown {
  const name = render.selectionName;
  if (render.cameraAttached !== true || typeof name !== 'string' || name === '') return render.cameraPosition;
  return followedCameraPosition(
    name,
    replayTime,
    isVector(render.selectionOffset) ? render.selectionOffset : ZERO,
  );
}

const ZERO: Vector = { x: 0, y: 0, z: 0 };

function isVector(value: unknown): value is Vector {
  if (typeof value !== 'object' || value === null) return false;
  const { x, y, z } = value as Record<string, unknown>;
  return typeof x === 'number' && typeof y === 'number' && typeof z === 'number';
}

function startAngle(name: string): number {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) % 3600;
  return (hash / 3600) * 2 * Math.PI;
}

const round = (value: number): number => Math.round(value * 100) / 100;
