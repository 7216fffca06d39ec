import {
  codeCountWarning,
  LOBBY_EVENTS_NOTE,
  type TournamentCodeView,
  type TournamentRequestOutputs,
} from '@shared/contract';
import type { RequestHandlers } from '../bridge/requestRouter';
import type { FeatureContext } from '../feature/feature';
import { checkCallbackUrl } from './callbackUrl';
import { describeMetaData, newCodeNonce, signMetaData } from './metaDataSignature';
import type { ResultLifecycle } from './resultLifecycle';
import type { StoredCode } from './storage/tournamentStore';
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
    options: Pick<TournamentFeatureOptions, 'webApi'>;
  },
): Pick<RequestHandlers, TournamentChannels> {
  const { scheduler } = context;
  const { desk, lifecycle, lobby, options } = deps;
  const { api, kind, signal, storage, storeOf, knownCode } = desk;
  const { refresh } = deps.publisher;

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

    'tournament.codes.create': async (input) => {
      const { secret, store } = await storage();
      const tournament = (await store.listTournaments()).find(
        (item) => item.tournamentId === input.tournamentId,
      );
      if (!tournament)
        return fail('not-found', `Tournament ${input.tournamentId} was not created by this desk.`);
      const existing = (await store.listCodes()).filter(
        (code) => code.tournamentId === tournament.tournamentId,
      );
      const warning = codeCountWarning(
        input.count,
        existing.length,
        tournament.policy.participants,
        input.teamSize,
      );
      if (warning && !input.confirmSurplus)
        return fail('bad-input', `${warning} Confirm to create them anyway.`);
      const settingsOfCodes = {
        mapType: input.mapType,
        pickType: input.pickType,
        spectatorType: input.spectatorType,
        teamSize: input.teamSize,
        allowedParticipants: input.allowedParticipants,
        enoughPlayers: input.enoughPlayers,
      };
      // One call per code, each with its own signed nonce: the metaData a callback echoes then names the
      // one code it was issued for, so a genuine body replayed under another code is refused at once.
      const createdAt = scheduler.now();
      const stored: StoredCode[] = [];
      let failed: unknown = null;
      while (stored.length < input.count && failed === null) {
        const nonce = newCodeNonce();
        const metaData = signMetaData(
          secret,
          { tournamentId: tournament.tournamentId, text: input.metadata },
          nonce,
        );
        try {
          const [code] = await answer(
            api.createCodes(tournament.tournamentId, 1, settingsOfCodes, metaData, signal),
          );
          if (code === undefined) return fail('io', 'The API created no code.');
          stored.push({
            code,
            tournamentId: tournament.tournamentId,
            createdAt,
            settings: settingsOfCodes,
            metadata: input.metadata,
            status: 'open',
            gameEndedAt: null,
            batchNonce: nonce,
          });
        } catch (error) {
          failed = error;
        }
      }
      // What the API made before a failure is kept, and the error says so.
      await store.saveCodes(stored);
      if (failed !== null) {
        await refresh();
        if (stored.length === 0) throw failed;
        const reason = failed instanceof Error ? failed.message : String(failed);
        return fail('io', `${stored.length} of ${input.count} codes were created and kept; then: ${reason}`);
      }
      await refresh();
      return {
        codes: stored.map((code) => codeView(code, createdAt)),
        warnings: warning ? [warning] : [],
        winCondition: tournament.policy.winCondition,
      };
    },

    'tournament.code.update': async ({ code, ...update }) => {
      const stored = await knownCode(code);
      await answer(api.updateCode(stored.code, update, signal));
      await (await storeOf()).updateCode({ ...stored, settings: { ...stored.settings, ...update } });
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
        participants: local.settings.allowedParticipants,
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
