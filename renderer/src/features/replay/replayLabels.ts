import type { CameraMode, RenderField, SequenceTrack } from '@shared/contract';

/** Words for the replay's field names, as a caster would say them. */

export const CAMERA_MODE_LABELS: Record<CameraMode, string> = {
  top: 'Top-down (default)',
  fps: 'Free camera (first person)',
  tps: 'Third person',
  focus: 'Focus on selection',
  path: 'Path',
};

export interface ToggleGroup {
  id: string;
  title: string;
  fields: ReadonlyArray<{ field: RenderField; label: string }>;
}

export const RENDER_TOGGLE_GROUPS: readonly ToggleGroup[] = [
  {
    id: 'world',
    title: 'World',
    fields: [
      { field: 'fogOfWar', label: 'Fog of war' },
      { field: 'outlineSelect', label: 'Selection outline' },
      { field: 'outlineHover', label: 'Hover outline' },
      { field: 'floatingText', label: 'Floating text' },
      { field: 'environment', label: 'Environment' },
      { field: 'characters', label: 'Characters' },
      { field: 'particles', label: 'Particles' },
      { field: 'banners', label: 'Banners' },
    ],
  },
  {
    id: 'interface',
    title: 'Interface',
    fields: [
      { field: 'interfaceAll', label: 'Whole interface' },
      { field: 'interfaceReplay', label: 'Replay controls' },
      { field: 'interfaceScore', label: 'Score (top)' },
      { field: 'interfaceScoreboard', label: 'Scoreboard' },
      { field: 'interfaceFrames', label: 'Team frames' },
      { field: 'interfaceMinimap', label: 'Minimap' },
      { field: 'interfaceTimeline', label: 'Timeline' },
      { field: 'interfaceChat', label: 'Chat' },
      { field: 'interfaceTarget', label: 'Target frame' },
      { field: 'interfaceQuests', label: 'Quests' },
      { field: 'interfaceAnnounce', label: 'Announcements' },
      { field: 'interfaceKillCallouts', label: 'Kill callouts' },
      { field: 'interfaceNeutralTimers', label: 'Neutral timers' },
    ],
  },
  {
    id: 'health-bars',
    title: 'Health bars',
    fields: [
      { field: 'healthBarChampions', label: 'Champions' },
      { field: 'healthBarStructures', label: 'Structures' },
      { field: 'healthBarWards', label: 'Wards' },
      { field: 'healthBarPets', label: 'Pets' },
      { field: 'healthBarMinions', label: 'Minions' },
    ],
  },
];

export const TRACK_LABELS: Record<SequenceTrack, string> = {
  playbackSpeed: 'Playback speed',
  cameraPosition: 'Camera position',
  cameraRotation: 'Camera rotation',
  fieldOfView: 'Field of view',
  nearClip: 'Near clip',
  farClip: 'Far clip',
  selectionName: 'Follow unit',
  selectionOffset: 'Follow offset',
  navGridOffset: 'Nav grid offset',
  skyboxRotation: 'Skybox rotation',
  skyboxRadius: 'Skybox radius',
  skyboxOffset: 'Skybox offset',
  sunDirection: 'Sun direction',
  depthFogEnabled: 'Depth fog on',
  depthFogStart: 'Depth fog start',
  depthFogEnd: 'Depth fog end',
  depthFogIntensity: 'Depth fog intensity',
  depthFogColor: 'Depth fog colour',
  heightFogEnabled: 'Height fog on',
  heightFogStart: 'Height fog start',
  heightFogEnd: 'Height fog end',
  heightFogIntensity: 'Height fog intensity',
  heightFogColor: 'Height fog colour',
  depthOfFieldEnabled: 'Depth of field on',
  depthOfFieldCircle: 'Depth of field circle',
  depthOfFieldWidth: 'Depth of field width',
  depthOfFieldNear: 'Depth of field near',
  depthOfFieldMid: 'Depth of field mid',
  depthOfFieldFar: 'Depth of field far',
};

export interface TrackGroup {
  id: string;
  title: string;
  tracks: readonly SequenceTrack[];
}

/** Every sequencer track once, grouped as a caster picks which ones a keyframe takes. */
export const TRACK_GROUPS: readonly TrackGroup[] = [
  {
    id: 'camera',
    title: 'Camera',
    tracks: ['cameraPosition', 'cameraRotation', 'fieldOfView', 'nearClip', 'farClip'],
  },
  { id: 'follow', title: 'Follow', tracks: ['selectionName', 'selectionOffset'] },
  { id: 'playback', title: 'Playback', tracks: ['playbackSpeed'] },
  {
    id: 'world',
    title: 'World and sky',
    tracks: ['navGridOffset', 'skyboxRotation', 'skyboxRadius', 'skyboxOffset', 'sunDirection'],
  },
  {
    id: 'depth-fog',
    title: 'Depth fog',
    tracks: ['depthFogEnabled', 'depthFogStart', 'depthFogEnd', 'depthFogIntensity', 'depthFogColor'],
  },
  {
    id: 'height-fog',
    title: 'Height fog',
    tracks: ['heightFogEnabled', 'heightFogStart', 'heightFogEnd', 'heightFogIntensity', 'heightFogColor'],
  },
  {
    id: 'depth-of-field',
    title: 'Depth of field',
    tracks: [
      'depthOfFieldEnabled',
      'depthOfFieldCircle',
      'depthOfFieldWidth',
      'depthOfFieldNear',
      'depthOfFieldMid',
      'depthOfFieldFar',
    ],
  },
];

/** One camera shot: where it is, where it looks, and how wide. */
export const CAMERA_SHOT_TRACKS: readonly SequenceTrack[] = [
  'cameraPosition',
  'cameraRotation',
  'fieldOfView',
];

/** "quadraticEaseInOut" → "Quadratic ease in-out". */
export function blendLabel(blend: string): string {
  const words = blend
    .replace(/EaseInOut$/, ' ease in-out')
    .replace(/EaseIn$/, ' ease in')
    .replace(/EaseOut$/, ' ease out')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
