import type { Server } from 'node:http';
import { createCardClientService } from './cardClientService';
import type { CardClientService, GameIdStart } from './cardClientService';
import { createControlServer } from './controlServer';
import { activeFault } from './faults';
import type { FaultSetting, WireOptions } from './faults';
import { mergeDocuments, serviceOfPath } from './gameClientPort';
import { createLiveClientService } from './liveClientService';
import type { LiveClientService } from './liveClientService';
import { createRecordingWriter } from './recordingOutput';
import { createReplayService } from './replayService';
import type { ReplayService } from './replayService';
import { createRequestHandler } from './requestHandler';
import { createRequestLog } from './requestLog';
import { CLOCK_BACK_SECONDS, CONNECTION_FAULTS, PROCESS_GONE_FAULTS, SERVICE_NAMES } from './scenario';
import type { FaultKind, Scenario, ServiceName } from './scenario';
import { createScenarioClock } from './scenarioClock';
import { createServiceEndpoint } from './serviceEndpoint';
import type { ServiceEndpoint, ServiceEndpointOptions } from './serviceEndpoint';
import { notFound } from './serviceResponse';
import type { ServiceHandler } from './serviceResponse';
import { ControlError } from './simulatorControl';
import type { SimulatorControl, SimulatorState } from './simulatorControl';
import { startStaticHosts } from './staticData';
import type { RunningStaticHosts, StaticHostsOptions } from './staticData';
import { SCHEMA_FAULTS, driftDocument, isDocumentPath } from './swaggerDocuments';
import { createTlsAuthority } from './tlsAuthority';

export { FAULT_KINDS, loadScenarioFile, parseScenario, ScenarioError } from './scenario';
export type { FaultKind, Scenario, ScenarioInput, ServiceName } from './scenario';
export { ControlError } from './simulatorControl';
export type { SimulatorControl, SimulatorState } from './simulatorControl';
export type { RequestStats } from './requestLog';
export { GAME_ID_STARTS } from './cardClientService';
export type { GameIdStart } from './cardClientService';

export interface SimulatorOptions {
  scenario: Scenario;
  /**
   * 0 or undefined: a free port of this worker's own block below the ephemeral range, so a service that stops
   * (the game quits) can always listen on it again. All services listen on 127.0.0.1.
   */
  livePort?: number;
  cardPort?: number;
  /**
   * Absent: the replay API is served on the live port, as the real client serves both on 2999. A number
   * (0 for an ephemeral port) gives it a listener of its own.
   */
  replayPort?: number;
  controlPort?: number;
  /** Where finished replay recordings are written (instead of the path the client asks for). */
  recordingDir?: string;
  /** Epoch milliseconds; tests pass a fixed clock and move time with `control.advance`. */
  now?: () => number;
  /** Latency or throttling of the static data hosts (so a download's progress can be watched). */
  staticHosts?: StaticHostsOptions;
  /** The card client's GameID before any game after a client start: -1 or 0 (the default). */
  gameIdStart?: GameIdStart;
}

/** The static data hosts: Data Dragon (ddragon), its game constants, and the card bundle host (cardData). */
export type StaticHostName = 'ddragon' | 'cardData' | 'constants';

export interface RunningSimulator {
  ports: Record<ServiceName | 'control', number>;
  urls: Record<ServiceName | 'control' | StaticHostName, string>;
  /** Closing them stands for "offline" (the cache must carry on); their control sets faults and realms. */
  staticHosts: RunningStaticHosts;
  /** The test CA the HTTPS services chain to; pin it (the leaf is named "rclient", not 127.0.0.1). */
  caPem: string;
  control: SimulatorControl;
  close(): Promise<void>;
}

/** How often real time is checked for process start/stop, fault windows and finished recordings. */
const TICK_MS = 50;
/** Scenario seconds a slow-body fault takes to deliver a body. */
const SLOW_BODY_SECONDS = 3;

interface Services {
  live: LiveClientService;
  card: CardClientService;
  replay: ReplayService;
}

function listenControl(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      const address = server.address();
      if (address === null || typeof address === 'string')
        reject(new Error('The control server has no port'));
      else resolve(address.port);
    });
  });
}

/**
 * Opens the listeners, or none: a port in use closes the ones already open. Without options of its own,
 * the replay API is on the live listener (the same endpoint under both names).
 */
async function openEndpoints(
  all: Record<'live' | 'card', ServiceEndpointOptions> & { replay: ServiceEndpointOptions | null },
): Promise<Record<ServiceName, ServiceEndpoint>> {
  const opened: Partial<Record<ServiceName, ServiceEndpoint>> = {};
  try {
    for (const service of SERVICE_NAMES) {
      const options = all[service];
      if (!options) continue;
      try {
        opened[service] = await createServiceEndpoint(options);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(`The ${service} simulator cannot listen on 127.0.0.1:${options.port} (${reason})`);
      }
    }
  } catch (error) {
    await Promise.all(Object.values(opened).map((endpoint) => endpoint.close()));
    throw error;
  }
  const { live, card, replay = live } = opened;
  if (!live || !card || !replay) throw new Error('The simulator could not open its listeners');
  return { live, card, replay };
}

export async function startSimulator(options: SimulatorOptions): Promise<RunningSimulator> {
  const now = options.now ?? Date.now;
  let scenario = options.scenario;
  const clock = createScenarioClock(now, scenario.timeScale);
  const writeRecording = createRecordingWriter(options.recordingDir);
  const log = createRequestLog(now);
  const timers = new Set<NodeJS.Timeout>();
  const overrides: Record<ServiceName, FaultSetting | null> = { live: null, card: null, replay: null };

  // While `clock-back` acts on the live client, its game clock reads CLOCK_BACK_SECONDS behind.
  const liveSeconds = (): number =>
    clock.seconds() - (faultFor('live', null) === 'clock-back' ? CLOCK_BACK_SECONDS : 0);
  const buildServices = (): Services => {
    const replay = createReplayService(scenario.replay, clock.seconds, writeRecording);
    // A replay's live data describes the game at the replay's time, as a real replay's does.
    const replayTime = scenario.replay?.drivesLiveData
      ? () => replay.state?.playback().time ?? null
      : undefined;
    return {
      live: createLiveClientService(scenario.live, liveSeconds, replayTime),
      card: createCardClientService(scenario.card, clock.seconds, options.gameIdStart),
      replay,
    };
  };
  let services = buildServices();

  const faultFor = (service: ServiceName, path: string | null): FaultKind | null =>
    activeFault(scenario.faults, overrides[service], service, path, clock.seconds());
  const wire = (): WireOptions => ({ slowBodyMs: clock.realMs(SLOW_BODY_SECONDS), timers });
  const isRunning = (service: ServiceName): boolean => {
    if (service === 'live') return services.live.phase().phase !== 'absent';
    return services[service].isRunning();
  };

  // One game process serves the live data and replay APIs on one port: it is there while the game runs
  // (the replay, when the scenario has no live game); a replay API without a replay answers 404 as a live
  // game's does. Connection faults of either service act on the shared port.
  const sharedPort = options.replayPort === undefined;
  const portmates = (service: ServiceName): ServiceName[] =>
    sharedPort && service !== 'card' ? ['live', 'replay'] : [service];
  const processRuns = (service: ServiceName): boolean =>
    sharedPort && service !== 'card' ? isRunning(scenario.live ? 'live' : 'replay') : isRunning(service);
  const isAvailable = (service: ServiceName): boolean =>
    processRuns(service) &&
    portmates(service).every((mate) => {
      const fault = faultFor(mate, null);
      return fault === null || !PROCESS_GONE_FAULTS.includes(fault);
    });
  const isUntrusted = (service: ServiceName): boolean =>
    portmates(service).some((mate) => faultFor(mate, null) === 'unknown-ca');

  const handlerOf = (service: ServiceName) => (): ServiceHandler =>
    sharedPort && service !== 'card' ? sharedPortHandler(service) : services[service].handle;
  const sharedPortHandler =
    (service: ServiceName): ServiceHandler =>
    (request) => {
      if (service === 'replay') {
        return isRunning('replay')
          ? services.replay.handle(request)
          : notFound(`No resource at ${request.path}`);
      }
      const answer = services.live.handle(request);
      if (!isDocumentPath(request.path) || !isRunning('replay')) return answer;
      const replayAnswer = services.replay.handle(request);
      if (answer.status !== 200 || replayAnswer.status !== 200) return answer;
      // One document for both APIs; the live service's schema fault is applied on the way out.
      const replayFault = faultFor('replay', request.path);
      const document = mergeDocuments(answer.body, replayAnswer.body);
      return {
        ...answer,
        body:
          replayFault && SCHEMA_FAULTS.includes(replayFault)
            ? driftDocument(document, replayFault, 'replay')
            : document,
      };
    };
  const requestHandler = (service: ServiceName) =>
    createRequestHandler({
      service,
      handler: handlerOf(service),
      isAvailable: () => isAvailable(service),
      faultFor: (path) => {
        const fault = faultFor(service, path);
        return fault && CONNECTION_FAULTS.includes(fault) ? null : fault;
      },
      log,
      wire,
    });

  const [trusted, untrusted] = await Promise.all([
    createTlsAuthority(),
    createTlsAuthority({ caName: 'Unrelated Test Certificate Authority' }),
  ]);
  const tls = { trusted: trusted.leaf, untrusted: untrusted.leaf };
  const onLivePort = requestHandler('live');
  const onReplay = requestHandler('replay');
  const endpoints = await openEndpoints({
    live: {
      port: options.livePort ?? 0,
      tls,
      onRequest: sharedPort
        ? (req, res) =>
            (serviceOfPath(new URL(req.url ?? '/', 'http://127.0.0.1').pathname) === 'replay'
              ? onReplay
              : onLivePort)(req, res)
        : onLivePort,
    },
    card: { port: options.cardPort ?? 0, tls: null, onRequest: requestHandler('card') },
    replay: sharedPort ? null : { port: options.replayPort ?? 0, tls, onRequest: onReplay },
  });

  /** Brings listeners and certificates in line with the scenario at the current time. */
  async function sync(): Promise<void> {
    services.replay.state?.settle();
    await Promise.all(
      SERVICE_NAMES.map(async (service) => {
        endpoints[service].setUntrusted(isUntrusted(service));
        await endpoints[service].setListening(isAvailable(service));
      }),
    );
  }

  function state(): SimulatorState {
    const replay = services.replay.state;
    const live = services.live.phase();
    return {
      scenarioTime: clock.seconds(),
      timeScale: scenario.timeScale,
      live: { listening: endpoints.live.listening, phase: live.phase, gameTime: live.gameTime },
      card: { listening: endpoints.card.listening, view: services.card.view() },
      replay: {
        listening: endpoints.replay.listening,
        enabled: scenario.replay?.enabled ?? false,
        playback: replay?.playback() ?? null,
        render: replay?.render() ?? null,
        sequence: replay?.sequence() ?? null,
        recording: replay?.recording() ?? null,
        particles: replay?.particles() ?? null,
      },
      faults: {
        live: faultFor('live', null),
        card: faultFor('card', null),
        replay: faultFor('replay', null),
      },
      requests: log.stats(),
    };
  }

  const control: SimulatorControl = {
    async setFault(service, fault, paths) {
      if (!SERVICE_NAMES.includes(service)) throw new ControlError(`Unknown service "${String(service)}"`);
      if (fault === 'unknown-ca' && service === 'card') {
        throw new ControlError('"unknown-ca" needs HTTPS; the card client is plain HTTP');
      }
      if (fault === 'clock-back' && service !== 'live') {
        throw new ControlError(
          '"clock-back" moves the live game\'s clock; card and replay have none to move',
        );
      }
      if (fault && paths && CONNECTION_FAULTS.includes(fault)) {
        throw new ControlError(`"${fault}" acts on the connection and cannot be limited to paths`);
      }
      const restarted = overrides[service]?.fault === 'client-restart' && fault !== 'client-restart';
      overrides[service] = fault ? { fault, ...(paths ? { paths: [...paths] } : {}) } : null;
      // The process is back: a card client counts GameID from its start value again.
      if (restarted && service === 'card') services.card.restartCounters();
      await sync();
    },
    async restart(next) {
      if (next) scenario = next;
      clock.restart(scenario.timeScale);
      overrides.live = overrides.card = overrides.replay = null;
      services = buildServices();
      await sync();
    },
    async advance(seconds) {
      if (!Number.isFinite(seconds) || seconds < 0)
        throw new ControlError('advance needs a non-negative number of seconds');
      clock.advance(seconds);
      await sync();
    },
    state,
    requests: log.stats,
    resetRequests: log.reset,
  };

  const controlServer = createControlServer(control);
  let controlPort: number;
  let staticHosts: RunningStaticHosts;
  try {
    await sync();
    controlPort = await listenControl(controlServer, options.controlPort ?? 0);
    staticHosts = await startStaticHosts(options.staticHosts);
  } catch (error) {
    await Promise.all(SERVICE_NAMES.map((service) => endpoints[service].close()));
    controlServer.close(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`The simulator cannot start: ${reason}`);
  }

  let syncing = false;
  const ticker = setInterval(() => {
    if (syncing) return;
    syncing = true;
    sync()
      .catch(() => undefined) // a port taken meanwhile: the next tick tries again
      .finally(() => {
        syncing = false;
      });
  }, TICK_MS);
  ticker.unref();

  const ports = {
    live: endpoints.live.port,
    card: endpoints.card.port,
    replay: endpoints.replay.port,
    control: controlPort,
  };
  return {
    ports,
    urls: {
      live: `https://127.0.0.1:${ports.live}`,
      card: `http://127.0.0.1:${ports.card}`,
      replay: `https://127.0.0.1:${ports.replay}`,
      control: `http://127.0.0.1:${ports.control}`,
      ...staticHosts.urls,
    },
    staticHosts,
    caPem: trusted.caPem,
    control,
    async close() {
      clearInterval(ticker);
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.all([
        ...SERVICE_NAMES.map((service) => endpoints[service].close()),
        // Closing twice is fine: a test may have stopped them already.
        staticHosts.close(),
        new Promise<void>((resolve) => {
          controlServer.close(() => resolve());
          controlServer.closeAllConnections();
        }),
      ]);
    },
  };
}
