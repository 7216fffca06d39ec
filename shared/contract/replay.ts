import { z } from 'zod';

/**
 * The arena game's replay API resources (https://127.0.0.1:2999/replay/*), field names as the game's
 * own OpenAPI dump and League Director use them. Read schemas strip fields they do not know, so a newer
 * game still parses; write schemas are strict, because they check what the renderer asks for.
 */

export const vector3Schema = z.object({ x: z.number(), y: z.number(), z: z.number() });
export type Vector3 = z.output<typeof vector3Schema>;

export const colorSchema = z.object({ r: z.number(), g: z.number(), b: z.number(), a: z.number() });
export type Color = z.output<typeof colorSchema>;

export const CAMERA_MODES = ['top', 'fps', 'tps', 'focus', 'path'] as const;
export type CameraMode = (typeof CAMERA_MODES)[number];

export const RECORDING_CODECS = ['webm', 'png', 'pngAndDepth'] as const;
export type RecordingCodec = (typeof RECORDING_CODECS)[number];

/** The game's `EasingType`: how a sequence moves from one keyframe to the next. */
export const BLEND_NAMES = [
  'linear',
  'snap',
  'smoothStep',
  'smootherStep',
  'quadraticEaseIn',
  'quadraticEaseOut',
  'quadraticEaseInOut',
  'cubicEaseIn',
  'cubicEaseOut',
  'cubicEaseInOut',
  'quarticEaseIn',
  'quarticEaseOut',
  'quarticEaseInOut',
  'quinticEaseIn',
  'quinticEaseOut',
  'quinticEaseInOut',
  'sineEaseIn',
  'sineEaseOut',
  'sineEaseInOut',
  'circularEaseIn',
  'circularEaseOut',
  'circularEaseInOut',
  'exponentialEaseIn',
  'exponentialEaseOut',
  'exponentialEaseInOut',
  'elasticEaseIn',
  'elasticEaseOut',
  'elasticEaseInOut',
  'backEaseIn',
  'backEaseOut',
  'backEaseInOut',
  'bounceEaseIn',
  'bounceEaseOut',
  'bounceEaseInOut',
] as const;
export const blendSchema = z.enum(BLEND_NAMES);
export type BlendName = z.output<typeof blendSchema>;

// ---------------------------------------------------------------------------------------------------
// /replay/game, /replay/playback

export const replayGameSchema = z.object({ processID: z.number().int() });
export type ReplayGame = z.output<typeof replayGameSchema>;

export const playbackSchema = z.object({
  paused: z.boolean(),
  /** True while the game fast-forwards or rewinds after a jump. */
  seeking: z.boolean().default(false),
  /** Game seconds since the start of the game. */
  time: z.number(),
  /** 0.5 is half speed, 2 double. */
  speed: z.number(),
  /** The replay's length in game seconds. */
  length: z.number(),
});
export type Playback = z.output<typeof playbackSchema>;

/**
 * What a caster may change: `seeking` and `length` are the game's to report. `replay.playback.set` writes it
 * as given (the command line checks its own values); the transport sends `replay.command` instead.
 */
export const playbackPatchSchema = z
  .strictObject({
    paused: z.boolean(),
    time: z.number().nonnegative(),
    speed: z.number().positive(),
  })
  .partial();
export type PlaybackPatch = z.output<typeof playbackPatchSchema>;

// ---------------------------------------------------------------------------------------------------
// /replay/render

const renderShape = {
  // Camera
  cameraMode: z.enum(CAMERA_MODES),
  cameraPosition: vector3Schema,
  /** Euler degrees: yaw, pitch, roll. */
  cameraRotation: vector3Schema,
  cameraAttached: z.boolean(),
  cameraMoveSpeed: z.number(),
  cameraLookSpeed: z.number(),
  cameraLockX: z.boolean(),
  cameraLockY: z.boolean(),
  cameraLockZ: z.boolean(),
  fieldOfView: z.number(),
  nearClip: z.number(),
  farClip: z.number(),
  /** A unit's name, case-insensitive; the camera follows it. */
  selectionName: z.string(),
  selectionOffset: vector3Schema,
  // World
  fogOfWar: z.boolean(),
  outlineSelect: z.boolean(),
  outlineHover: z.boolean(),
  floatingText: z.boolean(),
  navGridOffset: z.number(),
  environment: z.boolean(),
  characters: z.boolean(),
  champions: z.boolean(),
  minions: z.boolean(),
  particles: z.boolean(),
  banners: z.boolean(),
  simulateAllParticlesWhileOffScreen: z.boolean(),
  healthBarChampions: z.boolean(),
  healthBarStructures: z.boolean(),
  healthBarWards: z.boolean(),
  healthBarPets: z.boolean(),
  healthBarMinions: z.boolean(),
  // Interface
  interfaceAll: z.boolean(),
  interfaceReplay: z.boolean(),
  interfaceScore: z.boolean(),
  interfaceScoreboard: z.boolean(),
  interfaceFrames: z.boolean(),
  interfaceMinimap: z.boolean(),
  interfaceTimeline: z.boolean(),
  interfaceChat: z.boolean(),
  interfaceTarget: z.boolean(),
  interfaceQuests: z.boolean(),
  interfaceAnnounce: z.boolean(),
  interfaceKillCallouts: z.boolean(),
  interfaceNeutralTimers: z.boolean(),
  // Look
  /** A DDS cube map; empty for the map's own sky. */
  skyboxPath: z.string(),
  skyboxRotation: z.number(),
  skyboxRadius: z.number(),
  skyboxOffset: z.number(),
  sunDirection: vector3Schema,
  depthFogEnabled: z.boolean(),
  depthFogStart: z.number(),
  depthFogEnd: z.number(),
  depthFogIntensity: z.number(),
  depthFogColor: colorSchema,
  heightFogEnabled: z.boolean(),
  heightFogStart: z.number(),
  heightFogEnd: z.number(),
  heightFogIntensity: z.number(),
  heightFogColor: colorSchema,
  depthOfFieldEnabled: z.boolean(),
  depthOfFieldDebug: z.boolean(),
  depthOfFieldCircle: z.number(),
  depthOfFieldWidth: z.number(),
  depthOfFieldNear: z.number(),
  depthOfFieldMid: z.number(),
  depthOfFieldFar: z.number(),
};

/** Every field optional: older patches lack the newer ones (camera locks, off-screen particles). */
export const renderSchema = z.object(renderShape).partial();
export type Render = z.output<typeof renderSchema>;
export type RenderField = keyof Render;

export const renderPatchSchema = z.strictObject(renderShape).partial();
export type RenderPatch = z.output<typeof renderPatchSchema>;

/** The render fields grouped as a caster looks for them. */
export const RENDER_FIELD_GROUPS = {
  camera: [
    'cameraMode',
    'cameraPosition',
    'cameraRotation',
    'cameraAttached',
    'cameraMoveSpeed',
    'cameraLookSpeed',
    'cameraLockX',
    'cameraLockY',
    'cameraLockZ',
    'fieldOfView',
    'nearClip',
    'farClip',
    'selectionName',
    'selectionOffset',
  ],
  world: [
    'fogOfWar',
    'outlineSelect',
    'outlineHover',
    'floatingText',
    'navGridOffset',
    'environment',
    'characters',
    'champions',
    'minions',
    'particles',
    'banners',
    'simulateAllParticlesWhileOffScreen',
    'healthBarChampions',
    'healthBarStructures',
    'healthBarWards',
    'healthBarPets',
    'healthBarMinions',
  ],
  interface: [
    'interfaceAll',
    'interfaceReplay',
    'interfaceScore',
    'interfaceScoreboard',
    'interfaceFrames',
    'interfaceMinimap',
    'interfaceTimeline',
    'interfaceChat',
    'interfaceTarget',
    'interfaceQuests',
    'interfaceAnnounce',
    'interfaceKillCallouts',
    'interfaceNeutralTimers',
  ],
  look: [
    'skyboxPath',
    'skyboxRotation',
    'skyboxRadius',
    'skyboxOffset',
    'sunDirection',
    'depthFogEnabled',
    'depthFogStart',
    'depthFogEnd',
    'depthFogIntensity',
    'depthFogColor',
    'heightFogEnabled',
    'heightFogStart',
    'heightFogEnd',
    'heightFogIntensity',
    'heightFogColor',
    'depthOfFieldEnabled',
    'depthOfFieldDebug',
    'depthOfFieldCircle',
    'depthOfFieldWidth',
    'depthOfFieldNear',
    'depthOfFieldMid',
    'depthOfFieldFar',
  ],
} as const satisfies Record<string, readonly RenderField[]>;

// ---------------------------------------------------------------------------------------------------
// /replay/particles

/** Particle system name → visible. */
export const particlesSchema = z.record(z.string(), z.boolean());
export type Particles = z.output<typeof particlesSchema>;

// ---------------------------------------------------------------------------------------------------
// /replay/recording

export const recordingSchema = z.object({
  recording: z.boolean(),
  codec: z.enum(RECORDING_CODECS),
  /** A file or a directory; after a recording, where the game wrote it. */
  path: z.string(),
  startTime: z.number(),
  endTime: z.number(),
  /** Game seconds rendered so far: progress runs from startTime to endTime. */
  currentTime: z.number(),
  framesPerSecond: z.number().int(),
  enforceFrameRate: z.boolean(),
  replaySpeed: z.number(),
  // Not in older patches.
  lossless: z.boolean().default(false),
  /** The game window's size; a recording cannot choose its resolution. */
  width: z.number().int(),
  height: z.number().int(),
});
export type Recording = z.output<typeof recordingSchema>;

export const recordingStartSchema = z
  .strictObject({
    codec: z.enum(RECORDING_CODECS).default('webm'),
    path: z.string().min(1, 'choose where the recording is saved'),
    startTime: z.number().nonnegative(),
    endTime: z.number().positive(),
    framesPerSecond: z.number().int().min(1).max(240).default(60),
    enforceFrameRate: z.boolean().default(true),
    lossless: z.boolean().default(false),
    replaySpeed: z.number().positive().optional(),
  })
  .refine((start) => start.endTime > start.startTime, {
    path: ['endTime'],
    message: 'the end time must be after the start time',
  });
export type RecordingStart = z.output<typeof recordingStartSchema>;
export type RecordingStartInput = z.input<typeof recordingStartSchema>;

// ---------------------------------------------------------------------------------------------------
// /replay/sequence

const keyframe = <V extends z.ZodType>(value: V) =>
  z.object({ time: z.number().nonnegative(), value, blend: blendSchema });
const track = <V extends z.ZodType>(value: V) => z.array(keyframe(value));

const sequenceShape = {
  /** Drives Playback.speed. */
  playbackSpeed: track(z.number()),
  cameraPosition: track(vector3Schema),
  cameraRotation: track(vector3Schema),
  fieldOfView: track(z.number()),
  nearClip: track(z.number()),
  farClip: track(z.number()),
  selectionName: track(z.string()),
  selectionOffset: track(vector3Schema),
  navGridOffset: track(z.number()),
  skyboxRotation: track(z.number()),
  skyboxRadius: track(z.number()),
  skyboxOffset: track(z.number()),
  sunDirection: track(vector3Schema),
  depthFogEnabled: track(z.boolean()),
  depthFogStart: track(z.number()),
  depthFogEnd: track(z.number()),
  depthFogIntensity: track(z.number()),
  depthFogColor: track(colorSchema),
  heightFogEnabled: track(z.boolean()),
  heightFogStart: track(z.number()),
  heightFogEnd: track(z.number()),
  heightFogIntensity: track(z.number()),
  heightFogColor: track(colorSchema),
  depthOfFieldEnabled: track(z.boolean()),
  depthOfFieldCircle: track(z.number()),
  depthOfFieldWidth: track(z.number()),
  depthOfFieldNear: track(z.number()),
  depthOfFieldMid: track(z.number()),
  depthOfFieldFar: track(z.number()),
};

/** Tracks of keyframes; an absent track is not animated. `{}` is no sequence. */
export const sequenceSchema = z.object(sequenceShape).partial();
export type Sequence = z.output<typeof sequenceSchema>;
export type SequenceTrack = keyof Sequence;
export type Keyframe<T extends SequenceTrack = SequenceTrack> = NonNullable<Sequence[T]>[number];
export type TrackValue<T extends SequenceTrack> = Keyframe<T>['value'];

/** Rejects unknown tracks, so a typo is reported instead of silently not animating. */
export const sequenceInputSchema = z.strictObject(sequenceShape).partial();

export const SEQUENCE_TRACKS = Object.keys(sequenceShape) as SequenceTrack[];

/** One track's keyframe list, for checking edits and files track by track. */
export function trackSchema(name: SequenceTrack): z.ZodType<Keyframe[]> {
  return sequenceShape[name];
}

/** The schema of one track's keyframe values. */
export function trackValueSchema(name: SequenceTrack): z.ZodType {
  return sequenceShape[name].element.shape.value;
}

export function isSequenceTrack(name: string): name is SequenceTrack {
  return Object.hasOwn(sequenceShape, name);
}

// ---------------------------------------------------------------------------------------------------
// Caster commands and errors

/** The commands a hotkey can be bound to: each steps from where the replay is now. */
export const REPLAY_COMMANDS = [
  'toggle-pause',
  'seek-back',
  'seek-forward',
  'speed-down',
  'speed-up',
] as const;
export const replayCommandSchema = z.enum(REPLAY_COMMANDS);
export type ReplayCommand = z.output<typeof replayCommandSchema>;

/**
 * What the caster's transport asks for, from a hotkey or a button: a bindable command, a skip by some seconds,
 * a jump to a time, or a speed. Main works out the playback patch from the playback as it is now
 * (`playbackPatchFor` in shared/replay/replayCommands.ts): times are clamped into [0, length] there and only
 * there, and a command that would change nothing writes nothing.
 */
export const replayCommandInputSchema = z.discriminatedUnion('command', [
  z.strictObject({ command: replayCommandSchema }),
  z.strictObject({ command: z.literal('skip'), seconds: z.number().finite() }),
  z.strictObject({ command: z.literal('seek'), time: z.number().finite() }),
  z.strictObject({ command: z.literal('set-speed'), speed: z.number().positive().finite() }),
]);
export type ReplayCommandInput = z.output<typeof replayCommandInputSchema>;

/** How far one seek command jumps, in game seconds. */
export const REPLAY_SEEK_STEP_SECONDS = 5;
/** The speeds that speed-down and speed-up step through. */
export const REPLAY_SPEED_PRESETS = [0.25, 0.5, 1, 2, 4, 8] as const;

export const REPLAY_COMMAND_LABELS: Record<ReplayCommand, string> = {
  'toggle-pause': 'Play / pause',
  'seek-back': `Back ${REPLAY_SEEK_STEP_SECONDS} seconds`,
  'seek-forward': `Forward ${REPLAY_SEEK_STEP_SECONDS} seconds`,
  'speed-down': 'Slower',
  'speed-up': 'Faster',
};

/** Why a replay request failed, so the view can offer the right fix (e.g. enabling the API). */
export type ReplayFailureKind =
  | 'not-running'
  | 'api-disabled'
  | 'live-game'
  | 'unsupported'
  | 'untrusted-certificate'
  | 'rejected'
  | 'bad-response'
  | 'unreachable'
  | 'cancelled';

export interface ReplayFailure {
  kind: ReplayFailureKind;
  message: string;
}

/** Renderer → main replay requests, to be merged into `requestInputSchemas`. */
export const replayRequestInputSchemas = {
  'replay.playback.set': playbackPatchSchema,
  'replay.render.set': renderPatchSchema,
  'replay.particles.set': particlesSchema,
  'replay.sequence.apply': sequenceInputSchema,
  'replay.sequence.clear': z.strictObject({}),
  'replay.recording.start': recordingStartSchema,
  'replay.recording.stop': z.strictObject({}),
  'replay.command': replayCommandInputSchema,
  // Read from the game when asked, not from the last poll: what a keyframe takes must be what is on screen now.
  'replay.snapshot': z.strictObject({}),
} as const;

/** Playback and render read together, as the replay shows them at `playback.sampledAt`. */
export interface ReplaySnapshot {
  playback: Playback & { sampledAt: number };
  render: Render;
}

/** Each request answers with the resource as the game reports it afterwards. */
export interface ReplayRequestOutputs {
  'replay.playback.set': Playback;
  'replay.render.set': Render;
  'replay.particles.set': Particles;
  'replay.sequence.apply': Sequence;
  'replay.sequence.clear': Sequence;
  'replay.recording.start': Recording;
  'replay.recording.stop': Recording;
  'replay.command': Playback;
  'replay.snapshot': ReplaySnapshot;
}
