import { LOBBY_EVENTS_NOTE, type TournamentCodeView, type TournamentRequestOutputs } from '@shared/contract';
import type { RequestHandlers } from '../../platform/router/requestRouter';
import type { FeatureContext } from '../../platform/feature/feature';
import { tournamentEndpoints } from './api/tournamentEndpoints';
import { checkCallbackUrl } from './callbackUrl';
import { createAllowedPlayers } from './codes/allowedPlayers';
import { createCodeBatches } from './codes/codeBatches';
import { currentCodeSettings, mergeCodeUpdate, shownDetailsParticipants } from './codes/codeSettingsUpdate';
import { describeMetaData } from './metaDataSignature';
import { createTournamentDatabaseHandlers } from './database/tournamentDatabaseHandlers';
import { createTournamentApiHandlers } from './tournamentApiHandlers';
import type { ResultLifecycle } from './resultLifecycle';
import { answer, fail, type TournamentDesk } from './tournamentDesk';
import type { TournamentLobby } from './tournamentLobby';
import type { TournamentFeatureOptions } from './tournamentOptions';
import { checkTournamentPolicy } from './tournamentPolicy';
import { codeView, providerView, tournamentView } from './tournamentSlice';
import type { TournamentStatePublisher } from './tournamentStatePublisher';

type TournamentChannels = keyof TournamentRequestOutputs;

/** The organizer's requests: providers, tournaments and codes through the API, the lobby, and the results. */
export function createTournamentHandlers(
  context: FeatureContext,
  deps: {
    desk: TournamentDesk;
    publisher: TournamentStatePublisher;
    lifecycle: ResultLifecycle;
    lobby: TournamentLobby;
    options: Pick<TournamentFeatureOptions, 'webApi' | 'secrets'>;
  },
): Pick<RequestHandlers, TournamentChannels> {
  const { scheduler } = context;
  const { desk, lifecycle, lobby, options } = deps;
  const { api, kind, signal, storage, storeOf, knownCode } = desk;
  const { refresh } = deps.publisher;
  const allowedPlayers = createAllowedPlayers({
    service: options.webApi.service,
    kind,
    signal,
    regionOf: async (tournamentId) => {
      const store = await storeOf();
      const tournament = (await store.listTournaments()).find((item) => item.tournamentId === tournamentId);
      const provider = (await store.listProviders()).find(
        (item) => item.providerId === tournament?.providerId,
      );
      return (
        provider?.region ?? fail('not-found', `Tournament ${tournamentId} has no provider on this desk.`)
      );
    },
  });

  const createCodes = createCodeBatches({
    desk,
    now: () => scheduler.now(),
    refresh,
    playersOf: allowedPlayers.forCreate,
  });

  const codeViewOf = async (code: string): Promise<TournamentCodeView> => {
    const stored = await knownCode(code);
    const held = await (await storeOf()).heldCallbacks(stored.code);
    return codeView(stored, scheduler.now(), {
      fallbackAt: lifecycle.fallbacks().get(stored.code) ?? null,
      resultWatch: lifecycle.resultWatches().get(stored.code) ?? null,
      heldCallbacks: held.map((callback) => callback.gameId),
    });
  };

  return {
    ...createTournamentApiHandlers(context, desk),
    ...createTournamentDatabaseHandlers(context, desk, options),
    'tournament.checkUrl': async ({ url }) => checkCallbackUrl(url),

    'tournament.policy.check': async ({ firstMatchAt, ...policy }) =>
      checkTournamentPolicy(policy, { now: scheduler.now(), firstMatchAt }),

    'tournament.provider.create': async ({ region, callbackUrl }) => {
      const checked = checkCallbackUrl(callbackUrl);
      if (!checked.valid || checked.canonical === null)
        return fail('bad-input', `The callback URL is invalid: ${checked.reason}.`);
      const fingerprint = await options.webApi.keyFingerprint();
      if (!fingerprint) return fail('unsupported', 'No API key: enter your key on the Players page first.');
      const store = await storeOf();
      // Exactly the string that was judged, so the servers call the URL that was checked.
      const providerId = await answer(api.createProvider(region, checked.canonical, signal));
      const provider = {
        providerId,
        api: kind(),
        region,
        callbackUrl: checked.canonical,
        keyFingerprint: fingerprint,
        createdAt: scheduler.now(),
      };
      await store.saveProvider(provider);
      await refresh();
      return providerView(provider, fingerprint);
    },

    'tournament.create': async ({ providerId, name, firstMatchAt, ...policy }) => {
      const store = await storeOf();
      const provider = (await store.listProviders()).find((item) => item.providerId === providerId);
      if (!provider) return fail('not-found', `Provider ${providerId} was not registered by this desk.`);
      const fingerprint = await options.webApi.keyFingerprint();
      if (provider.keyFingerprint !== fingerprint) {
        return fail(
          'bad-input',
          `Provider ${providerId} was registered with another API key: providers are tied to their key, so register a provider again.`,
        );
      }
      if (provider.api !== kind()) {
        return fail(
          'bad-input',
          `Provider ${providerId} was registered on the ${provider.api} paths, but the desk now uses ${kind()}: register a provider again.`,
        );
      }
      const verdict = checkTournamentPolicy(policy, { now: scheduler.now(), firstMatchAt });
      if (!verdict.allowed)
        return fail('bad-input', `Refused by the tournament policy: ${verdict.reasons.join(' ')}`);
      const tournamentId = await answer(api.createTournament(providerId, name, signal));
      const tournament = {
        tournamentId,
        providerId,
        api: provider.api,
        name,
        callbackUrl: provider.callbackUrl,
        createdAt: scheduler.now(),
        firstMatchAt,
        policy,
      };
      await store.saveTournament(tournament);
      await refresh();
      return tournamentView(tournament, [], 0, scheduler.now());
    },

    'tournament.codes.create': createCodes,

    'tournament.code.update': async ({ code, allowedParticipants, ...named }) => {
      const stored = await knownCode(code);
      // The stubs have no PUT: the API's refusal says so before anything is looked up.
      if (!tournamentEndpoints(kind()).codeUpdate)
        await answer(api.updateCode(stored.code, stored.settings, signal));
      // Named players are checked (and Riot IDs looked up) before anything else is sent.
      const players =
        allowedParticipants === undefined
          ? null
          : await allowedPlayers.resolve(allowedParticipants, stored.tournamentId, stored.settings.riotIds);
      // PUT needs map, pick and spectators every time: what the user did not name stays as the code has it now.
      const described = await api.codeDetails(stored.code, signal);
      if (!described.ok && described.problem.kind !== 'refused') await answer(Promise.resolve(described));
      const current = currentCodeSettings(stored.settings, described.ok ? described.value : null);
      const update = mergeCodeUpdate(current, named, players);
      await answer(api.updateCode(stored.code, update, signal));
      await (await storeOf()).patchCode(stored.code, { settings: { ...stored.settings, ...update } });
      await refresh();
      return codeViewOf(stored.code);
    },

    'tournament.code.details': async ({ code }) => {
      const store = await storeOf();
      const details = await api.codeDetails(code, signal);
      const local = await store.getCode(code.trim());
      // The win condition is the desk's own: shown with every code it made (spec 1 §1).
      const tournamentId = details.ok ? details.value.tournamentId : local?.tournamentId;
      const winCondition =
        (await store.listTournaments()).find((item) => item.tournamentId === tournamentId)?.policy
          .winCondition ?? '';
      if (details.ok) {
        const { secret } = await storage();
        return {
          ...details.value,
          participants: shownDetailsParticipants(details.value.participants, local?.settings ?? null),
          winCondition,
          signedMetaData: describeMetaData(secret, details.value.metaData),
        };
      }
      if (details.problem.kind !== 'refused' || !local) return answer(Promise.resolve(details));
      // The v4 stub cannot describe a code: show what the desk knows, marked as local.
      return {
        code: local.code,
        id: 0,
        providerId: 0,
        tournamentId: local.tournamentId,
        region: '',
        map: local.settings.mapType,
        teamSize: local.settings.teamSize,
        spectators: local.settings.spectatorType,
        pickType: local.settings.pickType,
        lobbyName: '',
        password: '',
        metaData: local.metadata,
        // The desk keeps the organizer's text; what it sent was that text, signed.
        signedMetaData: { text: local.metadata, tournamentId: local.tournamentId, signature: 'valid' },
        participants: shownDetailsParticipants(local.settings.allowedParticipants, local.settings),
        source: 'local',
        winCondition,
      };
    },

    'tournament.code.gameEnded': async ({ code, endedAt }) => {
      const stored = await knownCode(code);
      if (stored.status === 'finished') return codeViewOf(stored.code);
      await lifecycle.gameEnded(stored, endedAt ?? scheduler.now());
      return codeViewOf(stored.code);
    },

    'tournament.lobby.watch': async ({ code }) => lobby.watcher.watch(code.trim()),
    'tournament.lobby.unwatch': async () => lobby.watcher.unwatch(),

    'tournament.lobby.events': async ({ code, refresh: fromApi }) => {
      const store = await storeOf();
      let fetchedAt: number | null = null;
      if (fromApi) {
        const fetched = await api.lobbyEvents(code, signal);
        if (fetched.ok) {
          await store.appendLobbyEvents(code.trim(), fetched.value);
          fetchedAt = scheduler.now();
        } else if (fetched.problem.kind === 'refused') {
          return fail('bad-input', fetched.problem.message);
        }
      }
      const events = await store.lobbyEvents(code.trim());
      if (fetchedAt !== null) await lobby.advanceStatus(code.trim(), events);
      await lobby.nameLobbyPlayers(code.trim(), events);
      return { code: code.trim(), events: lobby.named(events), fetchedAt, note: LOBBY_EVENTS_NOTE };
    },

    'tournament.results.list': async ({ tournamentId, code }) =>
      (await storeOf()).listResults({ tournamentId, code }),

    'tournament.result.match': async ({ code, matchId }) => {
      const results = await (await storeOf()).listResults({ code });
      const result = matchId
        ? results.find((stored) => stored.matchId === matchId.toUpperCase())
        : results[0];
      if (!result) {
        return fail(
          'not-found',
          matchId
            ? `The desk has no result for ${matchId} with the code ${code}.`
            : `The desk has no result for the code ${code} yet.`,
        );
      }
      // The match ID names its platform: no routing, so a result stored under the other path version still opens.
      return answer(options.webApi.service.matchByTournamentCode(result.matchId, result.code, '', signal));
    },

    'tournament.result.fetch': async ({ code }) => lifecycle.fetchByCode(code, 'fallback'),

    'tournament.result.choose': async ({ code, gameId }) => lifecycle.choose(code, gameId),

    'tournament.result.players': async ({ code, gameId }) => lifecycle.players(code, gameId),
  };
}
